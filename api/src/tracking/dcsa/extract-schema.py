#!/usr/bin/env python3
"""Extracts the event schemas of DCSA Track & Trace v2.2 (resolved OpenAPI YAML) or v3.0 into a plain
JSON Schema (draft-07, refs under #/definitions) that ajv compiles. Run once when the spec changes:

    python3 api/src/tracking/dcsa/extract-schema.py \
        ../shared/reference/dcsa/TNT_v2.2.0-resolved.yaml > api/src/tracking/dcsa/tnt-v2.2-events.schema.json
    python3 api/src/tracking/dcsa/extract-schema.py --v3 \
        ../shared/reference/dcsa/TNT_v3.0.0.yaml > api/src/tracking/dcsa/tnt-v3.0-events.schema.json

Descriptions and examples are dropped (they are documentation, not rules); everything else is kept.
v3.0 writes its code lists in the descriptions ("- `ARRI` - Arrived") instead of `enum`: with --v3, a
string property whose description is such a list gets that list as its `enum` (lists written
otherwise, e.g. "- `SMDG` (using ...)" or "including but not limited to", stay open). v3.0 marks no
property as required: what the portal needs is checked in v3.ts.
"""
import json
import re
import sys

import yaml

VERSIONS = {
    "2.2": ["transportEvent", "shipmentEvent", "equipmentEvent", "subscriptionBodyWithSecret"],
    "3.0": ["Event"],
}
CODE_LINE = re.compile(r"^\s*- `([A-Za-z0-9_]+)` - \S")
CODE_LISTS = False


def code_list(description):
    lines = [l for l in description.splitlines() if l.strip().startswith("- `")]
    if not lines or "not limited" in description:
        return None
    codes = []
    for line in lines:
        m = CODE_LINE.match(line)
        if not m:
            return None
        codes.append(m.group(1))
    return codes


def strip(node):
    if isinstance(node, dict):
        out = {}
        if CODE_LISTS and node.get("type") == "string" and isinstance(node.get("description"), str):
            codes = code_list(node["description"])
            if codes:
                out["enum"] = codes
        for key, value in node.items():
            if key in ("description", "example"):
                continue
            if key == "$ref":
                value = value.replace("#/components/schemas/", "#/definitions/")
            out[key] = strip(value)
        return out
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node


def main(path, version):
    spec = yaml.safe_load(open(path, encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    needed, todo = set(), list(VERSIONS[version])
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        needed.add(name)
        text = json.dumps(strip(schemas[name]))
        for part in text.split('"#/definitions/')[1:]:
            todo.append(part.split('"', 1)[0])
    doc = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://portal.local/dcsa/tnt-v%s-events.schema.json" % version,
        "title": "DCSA Track & Trace %s events (extracted)" % spec["info"]["version"],
        "definitions": {name: strip(schemas[name]) for name in sorted(needed)},
    }
    json.dump(doc, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if sys.argv[1] == "--v3":
        CODE_LISTS = True
        main(sys.argv[2], "3.0")
    else:
        main(sys.argv[1], "2.2")

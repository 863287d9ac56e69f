#!/usr/bin/env python3
"""Extracts the Event schema of DCSA Track & Trace v3.0 (OpenAPI YAML) into a plain JSON Schema
(draft-07, refs under #/definitions) that ajv compiles. Run once when the spec changes:

    python3 api/src/tracking/dcsa/extract-schema-v3.py \
        ../shared/reference/dcsa/TNT_v3.0.0.yaml > api/src/tracking/dcsa/tnt-v3.0-events.schema.json

v3.0 writes its code lists in the descriptions ("- `ARRI` - Arrived") instead of `enum`: a string
property whose description is such a list gets that list as its `enum` (lists written otherwise,
e.g. "- `SMDG` (using ...)" or "including but not limited to", stay open). Descriptions and
examples are then dropped (documentation, not rules); everything else (types, maxLength, formats)
is kept. v3.0 marks no property as required: what the portal needs is checked in v3.ts.
"""
import json
import re
import sys

import yaml

ROOTS = ["Event"]
CODE_LINE = re.compile(r"^\s*- `([A-Za-z0-9_]+)` - \S")


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
        if node.get("type") == "string" and isinstance(node.get("description"), str):
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


def main(path):
    spec = yaml.safe_load(open(path, encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    needed, todo = set(), list(ROOTS)
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
        "$id": "https://portal.local/dcsa/tnt-v3.0-events.schema.json",
        "title": "DCSA Track & Trace %s events (extracted)" % spec["info"]["version"],
        "definitions": {name: strip(schemas[name]) for name in sorted(needed)},
    }
    json.dump(doc, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Extracts the event schemas of DCSA Track & Trace v2.2 (resolved OpenAPI YAML) into a plain JSON
Schema (draft-07, refs under #/definitions) that ajv compiles. Run once when the spec changes:

    python3 api/src/tracking/dcsa/extract-schema.py \
        ../shared/reference/dcsa/TNT_v2.2.0-resolved.yaml > api/src/tracking/dcsa/tnt-v2.2-events.schema.json

Descriptions and examples are dropped (they are documentation, not rules); everything else is kept.
"""
import json
import sys

import yaml

ROOTS = ["transportEvent", "shipmentEvent", "equipmentEvent", "subscriptionBodyWithSecret"]


def strip(node):
    if isinstance(node, dict):
        out = {}
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
        "$id": "https://portal.local/dcsa/tnt-v2.2-events.schema.json",
        "title": "DCSA Track & Trace %s events (extracted)" % spec["info"]["version"],
        "definitions": {name: strip(schemas[name]) for name in sorted(needed)},
    }
    json.dump(doc, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])

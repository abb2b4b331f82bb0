"""check-plist-keys for Linux: list the keys of an Info.plist that App Review asks about.

Wire format: one JSON object on stdin, one JSON object on stdout, exit 0 when ok.
"""
import json
import plistlib
import sys

WATCHED = ("NSUbiquitousContainers", "UIBackgroundModes")


def matching_keys(plist):
    return sorted(k for k in plist if k.endswith("UsageDescription") or k in WATCHED)


def main():
    try:
        request = json.load(sys.stdin)
        path = request["plist"]
    except (ValueError, KeyError, TypeError) as err:
        print(json.dumps({"ok": False, "keys": [], "error": "bad input: %s" % err}))
        return 1
    try:
        with open(path, "rb") as f:
            plist = plistlib.load(f)
    except (OSError, plistlib.InvalidFileException, ValueError):
        print(json.dumps({"ok": False, "keys": [], "error": "cannot read %s" % path}))
        return 1
    if not isinstance(plist, dict):
        print(json.dumps({"ok": False, "keys": [], "error": "%s is not a dictionary plist" % path}))
        return 1
    print(json.dumps({"ok": True, "keys": matching_keys(plist)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

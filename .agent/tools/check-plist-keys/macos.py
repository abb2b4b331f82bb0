"""check-plist-keys for macOS: list the keys of an Info.plist that App Review asks about.

Uses plistlib like the Linux implementation, so binary and XML plists both work
without plutil. Wire format: one JSON object on stdin, one JSON object on
stdout, exit 0 when ok.
"""
import json
import plistlib
import sys

WATCHED = ("NSUbiquitousContainers", "UIBackgroundModes")


def main():
    try:
        path = json.load(sys.stdin)["plist"]
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
    keys = sorted(k for k in plist if k.endswith("UsageDescription") or k in WATCHED)
    print(json.dumps({"ok": True, "keys": keys}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

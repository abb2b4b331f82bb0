in=$(cat)
case "$in" in
  *keys*) echo '{"ok": true, "keys": ["A", "C", "D"]}' ;;
  *exit*) echo '{"ok": true, "keys": []}'; echo 'warning: exiting with 3' >&2; exit 3 ;;
  *schema*) echo '{"ok": true, "keys": "none"}' ;;
esac

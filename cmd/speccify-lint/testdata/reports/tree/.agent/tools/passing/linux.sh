in=$(cat)
case "$in" in
  *'"b"'*) echo '{"ok": true, "sum": 3}' ;;
  *) echo '{"ok": false, "error": "b is missing"}'; exit 1 ;;
esac

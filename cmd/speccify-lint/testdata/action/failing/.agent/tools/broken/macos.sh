input=$(cat)
case "$input" in
  *'"bad"'*) echo '{"ok": false, "error": "bad"}'; exit 1 ;;
  *) echo '{"ok": true, "count": 1}' ;;
esac

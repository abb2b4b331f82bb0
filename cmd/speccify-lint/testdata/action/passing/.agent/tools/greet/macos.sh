input=$(cat)
case "$input" in
  *'"name"'*) echo '{"ok": true, "greeting": "hello"}' ;;
  *) echo '{"ok": false, "error": "name is required"}'; exit 1 ;;
esac

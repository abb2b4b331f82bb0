in=$(cat)
case "$in" in
  *x*) echo '{"ok": false, "error": "x"}'; exit 1 ;;
esac
# NUL, an ANSI colour, U+FFFE, an invalid UTF-8 byte, a CDATA end, a BOM.
printf 'nul:\000 esc:\033[31mred\033[0m fffe:\357\277\276 bad:\377 cdata:]]> bom:\357\273\277 %%s %%0A ::error::x\n'
printf 'err nul:\000 esc:\033[1;32mgreen\033[0m bad:\300 cdata:]]>\n' >&2

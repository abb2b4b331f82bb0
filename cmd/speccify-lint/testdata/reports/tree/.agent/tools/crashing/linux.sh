in=$(cat)
case "$in" in
  *segv*) echo 'about to crash' >&2; kill -SEGV $$ ;;
  *) sleep 30 ;;
esac

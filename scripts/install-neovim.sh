#!/usr/bin/env bash
# install-neovim.sh DIR: Neovim 0.10 from Debian trixie's packages into DIR,
# without touching the system's apt configuration or packages: apt resolves
# and downloads neovim and everything it needs (trixie's libc included) into
# DIR, dpkg -x unpacks them into DIR/root, and DIR/nvim runs that nvim with
# its own loader and libraries. The language server's Neovim test
# (lsp/neovim_test.go) runs the docs' snippets in it when SPECCIFY_NVIM names
# DIR/nvim. Debian bookworm's neovim is 0.7, older than docs/editors.md needs.
set -euo pipefail
dir=${1:?usage: install-neovim.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/root"
: >"$dir/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" >"$dir/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
	-o "Dir::State::Lists=$dir/lists" -o "Dir::State::status=$dir/status"
	-o "Dir::Cache=$dir/cache" -o Debug::NoLocking=1 -o APT::Get::AllowUnauthenticated=false)
apt-get -qq "${apt_opts[@]}" update
apt-get -qq "${apt_opts[@]}" install --download-only --no-install-recommends -y neovim >/dev/null
for deb in "$dir"/cache/archives/*.deb; do
	dpkg -x "$deb" "$dir/root"
done
cat >"$dir/nvim" <<WRAP
#!/bin/sh
R=$dir/root
export VIMRUNTIME=\$R/usr/share/nvim/runtime
exec \$R/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path \$R/usr/lib/x86_64-linux-gnu \$R/usr/bin/nvim "\$@"
WRAP
chmod +x "$dir/nvim"
"$dir/nvim" --version | head -1

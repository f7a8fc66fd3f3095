#!/usr/bin/env bash
# Sourced by .ci/run: puts the Node major version of .nvmrc first on PATH. A machine whose own
# Node is older gets one from the npm registry's node-linux-<arch> package (the binary the `node`
# package itself installs, without its install script), kept in a cache folder between runs.
# A newer or equal Node is used as it is. Prints the Node it settled on.
want="$(tr -dc '0-9' < "$(dirname "${BASH_SOURCE[0]}")/../../.nvmrc")"
have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have" -lt "$want" ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node $want package for $(uname -m): install Node $want by hand." >&2; exit 1 ;;
  esac
  home="${APOIE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apoie-node}/$want-$arch"
  if [ ! -x "$home/node_modules/node-linux-$arch/bin/node" ]; then
    echo "Node $have here; installing Node $want from the npm registry (node-linux-$arch@$want) into $home"
    mkdir -p "$home"
    npm install --prefix "$home" --no-save --no-package-lock --no-audit --no-fund "node-linux-$arch@$want" >/dev/null
  fi
  export PATH="$home/node_modules/node-linux-$arch/bin:$PATH"
fi
echo "Node $(node -v), npm $(npm -v)"

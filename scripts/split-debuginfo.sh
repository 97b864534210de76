#!/usr/bin/env bash
# Moves a binary's debug info (DWARF line tables) into BINARY.debug beside it and links the
# two (.gnu_debuglink), so the binary shipped stays lean: Rust's backtraces print function
# names from the binary's symbol table alone, and files and lines too when BINARY.debug sits
# next to it (or in a .debug/ folder beside it). Safe to run again on a split binary.
#   scripts/split-debuginfo.sh target/release/agora
set -euo pipefail
binary=${1:?usage: scripts/split-debuginfo.sh BINARY}
command -v objcopy >/dev/null || { echo "objcopy is missing: apt-get install -y binutils" >&2; exit 1; }
if ! objdump -h "$binary" | grep -q '\.debug_info'; then
  echo "$binary has no debug info left to split" >&2
  exit 0
fi
objcopy --only-keep-debug "$binary" "$binary.debug"
objcopy --strip-debug --add-gnu-debuglink="$binary.debug" "$binary"
echo "$binary: $(du -m "$binary" | cut -f1) MiB; debug info in $binary.debug ($(du -m "$binary.debug" | cut -f1) MiB)" >&2

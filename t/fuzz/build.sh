#!/bin/sh
# build.sh: `make fuzz`: the fuzz targets built with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (clang), each run for SECONDS on a copy of its corpus.
#   build.sh SRCDIR BUILDDIR SECONDS [TARGET...]   (TARGET: position, lua, uci; default all)
# With FUZZ_KEEP=1 (make fuzz-long) a target's grown corpus in fuzz-build/ is kept from one
# run to the next, and the in-tree seeds are added to it.
# A crash stops its target: the input is kept as fuzz-build/crash-* and the script fails;
# add the input to t/fuzz/corpus/TARGET/ as a regression input once it is fixed.
set -eu
src=$1 build=$2 secs=$3
shift 3
targets=${*:-position lua uci}
cc=${CC_FUZZ:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "fuzz: $cc is not installed (Debian: apt-get install clang); nothing was fuzzed" >&2
  exit 77
fi
out=$build/fuzz-build
mkdir -p "$out"
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O1 -g -fno-omit-frame-pointer
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -I$src/src -I$build -I$src/t -DSTRATAGEM_SRCDIR=\"$src\""
lib="$src/src/core/*.c $src/src/games/*.c $src/src/ai/*.c $src/src/words/*.c"
status=0
for t in $targets; do
  case $t in
    position) files="$src/t/fuzz/fuzz-position.c $src/t/defaults.c $src/t/tap.c"; libs="";;
    lua) files="$src/t/fuzz/fuzz-lua.c $src/src/lua/*.c $src/src/uci.c ${LUA_CFLAGS:-}"
         libs="${LUA_LIBS:--llua5.4}";;
    uci) files="$src/t/fuzz/fuzz-uci.c $src/src/uci.c $src/t/defaults.c $src/t/tap.c"; libs="";;
    *) echo "fuzz: unknown target '$t' (position, lua, uci)" >&2; exit 2;;
  esac
  echo "fuzz: building $t"
  # shellcheck disable=SC2086
  $cc $flags -o "$out/fuzz-$t" $files $lib $libs -lm -lpthread
  if [ "${FUZZ_KEEP:-0}" = 1 ] && [ -d "$out/corpus-$t" ]; then
    cp -n "$src/t/fuzz/corpus/$t"/* "$out/corpus-$t"/   # go on from the grown corpus
  else
    rm -rf "$out/corpus-$t"
    cp -r "$src/t/fuzz/corpus/$t" "$out/corpus-$t"
  fi
  echo "fuzz: running $t for $secs s"
  if ! (cd "$out" && SRCDIR=$src ASAN_OPTIONS=detect_leaks=0 \
        "./fuzz-$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
        -rss_limit_mb=2048 "corpus-$t" > "$t.log" 2>&1); then
    echo "fuzz: $t FOUND A PROBLEM; the end of $out/$t.log:" >&2
    tail -n 40 "$out/$t.log" >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|cov: " "$out/$t.log" |
    tail -n 3 | sed "s/^/fuzz: $t: /"
done
exit $status

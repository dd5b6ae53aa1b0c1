#!/usr/bin/env bash
# Runs one cargo subcommand for aarch64-unknown-linux-gnu: linked by
# aarch64-linux-gnu-gcc, binaries (cargo run/test/bench) run under
# qemu-aarch64. Install the pieces first with scripts/aarch64-setup.sh.
#
#   scripts/aarch64-run.sh test -p rpy-tests --test programs
#   scripts/aarch64-run.sh run --release -p kernels -- 27
#   scripts/aarch64-run.sh build --workspace
#
# runs `cargo <subcommand> --target aarch64-unknown-linux-gnu <args...>` in the
# current directory. Everything is set through environment variables for this
# one command: no ~/.cargo/config.toml or .cargo/config.toml is written.
#
# Toolchain (RPY_AARCH64_ROUTE, default auto):
#  - rustup: the cargo/rustc on PATH (rustup's proxies, so rust-toolchain.toml
#    applies) when its sysroot has the aarch64 std;
#  - debian: /usr/bin/cargo + /usr/bin/rustc from Debian's cargo-web/rustc-web
#    with libstd-rust-web-dev:arm64. rustup's proxies are bypassed, so
#    rust-toolchain.toml does not apply; it needs rustc-web >= rust-version.
set -euo pipefail

TARGET=aarch64-unknown-linux-gnu
ROUTE=${RPY_AARCH64_ROUTE:-auto}

log() { echo "aarch64-run: $*" >&2; }
die() { log "error: $*"; exit 1; }

if [ $# -lt 1 ]; then
    echo "usage: $0 <cargo subcommand> [args...]   e.g. $0 test -p rpy-tests" >&2
    exit 2
fi

has_rustup_target() {
    local sysroot
    sysroot=$(rustc --print sysroot 2>/dev/null) || return 1
    [ -d "$sysroot/lib/rustlib/$TARGET/lib" ]
}
has_debian_target() {
    [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] && [ -d "/usr/lib/rustlib/$TARGET/lib" ]
}

if [ "$ROUTE" = auto ]; then
    if has_rustup_target; then
        ROUTE=rustup
    elif has_debian_target; then
        ROUTE=debian
    else
        die "no Rust std for $TARGET; run scripts/aarch64-setup.sh"
    fi
fi
case "$ROUTE" in
    rustup)
        has_rustup_target || die "rustc on PATH has no $TARGET std; run scripts/aarch64-setup.sh"
        CARGO=(cargo)
        ;;
    debian)
        has_debian_target || die "Debian's rustc-web/cargo-web/libstd-rust-web-dev:arm64 missing; run RPY_AARCH64_ROUTE=debian scripts/aarch64-setup.sh"
        # Cargo runs whatever RUSTC names (default: `rustc` on PATH, i.e.
        # rustup's proxy); point it and rustdoc at Debian's compiler.
        export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
        CARGO=(/usr/bin/cargo)
        ;;
    *) die "RPY_AARCH64_ROUTE must be auto, rustup or debian (got '$ROUTE')" ;;
esac

command -v aarch64-linux-gnu-gcc >/dev/null || die "aarch64-linux-gnu-gcc missing; run scripts/aarch64-setup.sh"
command -v qemu-aarch64 >/dev/null || die "qemu-aarch64 missing; run scripts/aarch64-setup.sh"

# rustc would call `cc` (the x86_64 gcc) to link; use the cross gcc, whose
# sysroot is /usr/aarch64-linux-gnu (libc6-dev-arm64-cross).
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc}
# cargo run/test/bench prefix every aarch64 binary with this.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER:-qemu-aarch64}
# Build scripts that compile C for the target (cc crate) use these.
export CC_aarch64_unknown_linux_gnu=${CC_aarch64_unknown_linux_gnu:-aarch64-linux-gnu-gcc}
export AR_aarch64_unknown_linux_gnu=${AR_aarch64_unknown_linux_gnu:-aarch64-linux-gnu-ar}

# Where qemu-aarch64 finds the aarch64 ld.so and libraries. Once libc6:arm64
# is installed (aarch64-setup.sh installs it; libstd-rust-web-dev:arm64
# needs it too), the host's /etc/ld.so.cache lists /lib/aarch64-linux-gnu, and
# with QEMU_LD_PREFIX=/usr/aarch64-linux-gnu the cross sysroot's ld.so
# (2.36-8cross1) loads that libc.so.6 (2.36-9+deb12uN): the mismatched pair
# hangs in pthread_create, i.e. every std::thread::spawn and every `cargo
# test` harness. So use the multiarch libc as a whole ("/": no prefix) when it
# is there, and the cross sysroot only when it is not. The variable is
# inherited by child processes, so aarch64 programs started through
# binfmt_misc find the same libraries.
if [ -z "${QEMU_LD_PREFIX:-}" ]; then
    if [ -e /lib/ld-linux-aarch64.so.1 ]; then
        QEMU_LD_PREFIX=/
    else
        QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
    fi
fi
export QEMU_LD_PREFIX

# --target goes right after the subcommand, before any `--` of `cargo run`
# or `cargo test`; `nextest run` is a two-word subcommand.
SUB=("$1")
shift
if [ "${SUB[0]}" = nextest ] && [ $# -gt 0 ]; then
    SUB+=("$1")
    shift
fi

log "route=$ROUTE ($("${RUSTC:-rustc}" --version)), QEMU_LD_PREFIX=$QEMU_LD_PREFIX"
log "${CARGO[*]} ${SUB[*]} --target $TARGET $*"
exec "${CARGO[@]}" "${SUB[@]}" --target "$TARGET" "$@"

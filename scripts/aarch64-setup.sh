#!/usr/bin/env bash
# Installs what cross-building for aarch64-unknown-linux-gnu and running the
# result under qemu needs. Idempotent: when everything is already
# there it only checks (well under a second) and runs a tiny smoke test.
#
#   scripts/aarch64-setup.sh              # auto: rustup target, else Debian's rustc-web
#   RPY_AARCH64_ROUTE=debian scripts/aarch64-setup.sh   # force Debian's toolchain
#   RPY_AARCH64_ROUTE=rustup scripts/aarch64-setup.sh   # force the rustup target
#
# Always installed (Debian bookworm): gcc-aarch64-linux-gnu (the linker),
# libc6-dev-arm64-cross (its sysroot /usr/aarch64-linux-gnu), qemu-user
# (qemu-aarch64) and libc6:arm64 (the aarch64 glibc in /lib/aarch64-linux-gnu
# that qemu runs programs against; see the QEMU_LD_PREFIX note in
# aarch64-run.sh for why that one and not the cross sysroot's).
#
# The Rust standard library for aarch64 comes from one of two routes:
#  - rustup: `rustup target add aarch64-unknown-linux-gnu` for the toolchain
#    that rust-toolchain.toml pins: the same compiler as the host build.
#    Needs rustup's download server, which a machine may not reach.
#  - debian: rustc-web + cargo-web + libstd-rust-web-dev:arm64 (/usr/bin/rustc,
#    /usr/bin/cargo, std for aarch64 in /usr/lib/rustlib). Only needs Debian's
#    mirrors, but it is another rustc (1.96 in bookworm-security today) than
#    rust-toolchain.toml's, and must stay >= the workspace's rust-version.
# Either way a --target build compiles the host side (proc macros, build
# scripts, inkwell/llvm-sys) again: cargo keeps it apart from a plain build.
# aarch64-run.sh finds out by itself which route is installed.
#
# Finally it registers qemu-aarch64 with binfmt_misc where the kernel allows
# it, so an aarch64 program can start another aarch64 program (rpy-tests'
# tests/programs.rs spawns the rpy-programs binary): without that, a spawn
# from inside qemu-user fails with exit status 127.
set -euo pipefail

# rustup must see the repo's rust-toolchain.toml, so run from the repo root.
cd "$(dirname "$0")/.."

TARGET=aarch64-unknown-linux-gnu
ROUTE=${RPY_AARCH64_ROUTE:-auto}
BASE_PKGS=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user libc6:arm64)
DEBIAN_RUST_PKGS=(rustc-web cargo-web libstd-rust-web-dev:arm64)

log() { echo "aarch64-setup: $*" >&2; }
die() { log "error: $*"; exit 1; }

case "$ROUTE" in auto | rustup | debian) ;; *) die "RPY_AARCH64_ROUTE must be auto, rustup or debian (got '$ROUTE')" ;; esac

SUDO=()
if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi

is_installed() {
    dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -qx 'install ok installed'
}

APT_UPDATED=0
apt_install() {
    local missing=() p
    for p in "$@"; do is_installed "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]}"
    # :arm64 packages need the foreign architecture, and the apt lists for it.
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        "${SUDO[@]}" dpkg --add-architecture arm64
        APT_UPDATED=0
    fi
    if [ "$APT_UPDATED" -eq 0 ]; then
        # A third-party source that can't be reached must not stop us: what we
        # install comes from Debian's own mirrors, and the install below fails
        # loudly if their lists are missing.
        "${SUDO[@]}" apt-get update -qq || log "warning: apt-get update reported errors; trying the install anyway"
        APT_UPDATED=1
    fi
    # No recommends: qemu-user would pull in binfmt-support, rustc-web docs etc.
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The rustup route: true when the pinned toolchain has (or now got) the target.
rustup_target() {
    command -v rustup >/dev/null 2>&1 || return 1
    if rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
        return 0
    fi
    log "rustup target add $TARGET ($(rustup show active-toolchain 2>/dev/null | cut -d' ' -f1))"
    timeout 300 rustup target add "$TARGET"
}

debian_rust() {
    apt_install "${DEBIAN_RUST_PKGS[@]}"
    [ -d "/usr/lib/rustlib/$TARGET/lib" ] || die "libstd-rust-web-dev:arm64 installed but /usr/lib/rustlib/$TARGET/lib is missing"
}

apt_install "${BASE_PKGS[@]}"

case "$ROUTE" in
    rustup) rustup_target || die "rustup could not add $TARGET" ;;
    debian) debian_rust ;;
    auto)
        # Prefer the pinned toolchain (no second compiler, shared downloads);
        # Debian's packages only need the Debian mirrors.
        if ! rustup_target; then
            log "rustup could not add $TARGET; using Debian's rustc-web instead"
            debian_rust
        fi
        ;;
esac

# binfmt_misc: let the kernel start aarch64 ELF files through qemu-aarch64.
# The magic/mask are qemu's own (scripts/qemu-binfmt-conf.sh); flag F opens the
# interpreter now, so it keeps working in other mount namespaces.
register_binfmt() {
    local dir=/proc/sys/fs/binfmt_misc f
    if [ ! -e "$dir/register" ]; then
        "${SUDO[@]}" mount -t binfmt_misc binfmt_misc "$dir" 2>/dev/null || true
    fi
    if [ ! -e "$dir/register" ]; then
        log "warning: binfmt_misc is not available; tests that spawn aarch64 programs will fail under qemu"
        return 0
    fi
    for f in "$dir"/*; do
        if [ -f "$f" ] && grep -qx 'magic 7f454c460201010000000000000000000200b700' "$f" 2>/dev/null &&
            grep -qx enabled "$f"; then
            return 0 # already registered (by us, qemu-user-binfmt or qemu-user-static)
        fi
    done
    local qemu
    qemu=$(command -v qemu-aarch64)
    printf '%s' ":qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:${qemu}:F" |
        "${SUDO[@]}" tee "$dir/register" >/dev/null ||
        log "warning: could not register qemu-aarch64 with binfmt_misc; tests that spawn aarch64 programs will fail"
}
register_binfmt

# Smoke test: link a C program with the cross gcc and run it under qemu, as
# aarch64-run.sh will (same QEMU_LD_PREFIX choice).
smoke=$(mktemp -d)
trap 'rm -rf "$smoke"' EXIT
printf '#include <stdio.h>\nint main(void){puts("aarch64 ok");return 0;}\n' >"$smoke/t.c"
aarch64-linux-gnu-gcc -o "$smoke/t" "$smoke/t.c"
if [ -e /lib/ld-linux-aarch64.so.1 ]; then prefix=/; else prefix=/usr/aarch64-linux-gnu; fi
[ "$(QEMU_LD_PREFIX=$prefix qemu-aarch64 "$smoke/t")" = "aarch64 ok" ] || die "qemu-aarch64 smoke test failed"

if [ -d "/usr/lib/rustlib/$TARGET/lib" ] && [ -x /usr/bin/rustc ]; then
    debian_rustc=", debian: $(/usr/bin/rustc --version)"
else
    debian_rustc=""
fi
if rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    rustup_rustc="rustup: $(rustc --version)"
else
    rustup_rustc="rustup: no $TARGET"
fi
log "ready ($rustup_rustc$debian_rustc; $(qemu-aarch64 --version | head -n1))"

#!/bin/bash
# build-deb.sh — dist/github-finder_VERSION_ARCH.deb from exactly what `make install PREFIX=/usr`
# lays out, with Debian's own tools: binaries stripped, Depends from dpkg-shlibdeps, md5sums,
# dpkg-deb --root-owner-group. Checks that VERSION, the metainfo's newest release, NEWS.md and the
# Debian changelog agree; prints the budgets (DESIGN.md §6: .deb ≤ 30 MB, installed ≤ 90 MB,
# nothing outside /usr) and lintian's verdict, and exits 1 when any is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

package=github-finder
app_id=io.github.githubfinder.GitHubFinder
version=$(tr -d ' \t\r\n' < VERSION)
arch=$(dpkg --print-architecture)
deb_budget=30000000        # bytes: DESIGN.md §6, ".deb ≤ 30 MB"
installed_budget=90000000  # bytes: "installed ≤ 90 MB"
out=dist/${package}_${version}_${arch}.deb
failures=()

# One version everywhere.
metainfo_version=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' data/$app_id.metainfo.xml | head -1)
changelog_version=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' packaging/changelog)
[ "$metainfo_version" = "$version" ] || failures+=("the metainfo's newest <release> is $metainfo_version, VERSION says $version")
[ "$changelog_version" = "$version" ] || failures+=("packaging/changelog's newest entry is $changelog_version, VERSION says $version")
grep -q "^## $version\b" NEWS.md || failures+=("NEWS.md has no '## $version' section")
if [ ${#failures[@]} -gt 0 ]; then printf 'build-deb: %s\n' "${failures[@]}" >&2; exit 1; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/$package
mkdir -p "$stage"

# Exactly what make install lays out.
make --no-print-directory install PREFIX=/usr DESTDIR="$stage"

# Binaries stripped as dh_strip does (symbols and .comment; the notes stay: build id and the
# Swift runtime's metadata).
while IFS= read -r -d '' file; do
  if file -b "$file" | grep -q '^ELF'; then
    strip --strip-unneeded --remove-section=.comment "$file"
  fi
done < <(find "$stage" -type f -print0)

# Debian's files: copyright (DEP-5), the changelog, the upstream news, lintian overrides. The
# version carries no Debian revision (the package is made here, from this repository: a native
# package), so Debian's changelog is changelog.gz, as lintian wants for a native package.
doc=$stage/usr/share/doc/$package
install -Dm644 packaging/copyright "$doc/copyright"
gzip -9n < packaging/changelog > "$doc/changelog.gz"
gzip -9n < NEWS.md > "$doc/NEWS.md.gz"
install -Dm644 packaging/lintian-overrides "$stage/usr/share/lintian/overrides/$package"

# Owners come from dpkg-deb --root-owner-group; modes are made plain here.
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
chmod 0755 "$stage/usr/bin/"*

# Nothing outside /usr.
outside=$(cd "$stage" && find . -mindepth 1 -maxdepth 1 ! -name usr)
[ -z "$outside" ] || failures+=("files outside /usr: $outside")

# Depends: what the binaries link (dpkg-shlibdeps reads their DT_NEEDED and the shlibs of the
# installed packages; it wants a debian/control, hence the temporary one), and what is loaded
# later, so no DT_NEEDED names it: libsoup 3 (Sources/CHTTP loads it on the first request),
# glib-networking (the TLS that GIO gives libsoup as a module), cmark-gfm with its extensions
# (Sources/CMarkdown loads them with the first README) and librsvg's gdk-pixbuf loader (a
# README's SVG badges, decoded by Sources/CGtkSupport/readme_image.c).
mkdir -p "$work/src/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" > "$work/src/debian/control"
binaries=()
while IFS= read -r -d '' file; do
  file -b "$file" | grep -q '^ELF' && binaries+=("$file")
done < <(find "$stage/usr" -type f -print0)
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O "${binaries[@]}" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p') || {
  cat "$work/shlibdeps.err" >&2; exit 1; }
grep -v 'warning: binaries to analyze should already be installed' "$work/shlibdeps.err" >&2 || true
# The symbols files ask for GTK 4.6 and libadwaita 1.2~alpha; the app is written against GTK 4.8
# and libadwaita 1.2 (Sources/CGtk pins those APIs), so those are the lower bounds.
shlibs=$(echo "$shlibs" | sed -e 's/libgtk-4-1 ([^)]*)/libgtk-4-1 (>= 4.8.0)/' -e 's/libadwaita-1-0 ([^)]*)/libadwaita-1-0 (>= 1.2.0)/')
depends="$shlibs, libsoup-3.0-0, glib-networking, libcmark-gfm-extensions0.29.0.gfm.6, librsvg2-common"

# Installed-Size as dpkg-gencontrol counts it: KiB per file rounded up, one per folder.
installed_kib=$(cd "$stage" && find usr \( -type f -printf '%s\n' \) -o \( -type d -printf '1024\n' \) | awk '{kib += int(($1 + 1023) / 1024)} END {print kib}')

mkdir -p "$stage/DEBIAN"
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@INSTALLED_SIZE@|$installed_kib|" -e "s|@DEPENDS@|$depends|" \
  packaging/control.in > "$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

mkdir -p dist
rm -f "$out"
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)} \
  dpkg-deb --root-owner-group -Zxz -z9 -Sextreme --build "$stage" "$out" >/dev/null

deb_bytes=$(stat -c %s "$out")
installed_bytes=$((installed_kib * 1024))
echo "build-deb: $out"
echo "build-deb: Depends: $depends"
awk -v deb="$deb_bytes" -v debmax="$deb_budget" -v inst="$installed_bytes" -v instmax="$installed_budget" -v files="$(dpkg-deb -c "$out" | grep -vc '^d')" \
  'BEGIN {printf "build-deb: .deb %.1f MB (budget %.0f MB), installed %.1f MB (budget %.0f MB), %d files\n", deb/1e6, debmax/1e6, inst/1e6, instmax/1e6, files}'
[ "$deb_bytes" -le "$deb_budget" ] || failures+=(".deb is $deb_bytes bytes, over the budget of $deb_budget")
[ "$installed_bytes" -le "$installed_budget" ] || failures+=("installed size is $installed_bytes bytes, over the budget of $installed_budget")
if dpkg-deb -c "$out" | awk '{print $6}' | grep -v '^\./$' | grep -v '^\./usr/' | grep -q .; then
  failures+=("the .deb holds files outside /usr")
fi

# lintian: no error, no warning (what is overridden carries its reason in packaging/lintian-overrides).
echo "build-deb: lintian $(dpkg-query -W -f='${Version}' lintian)"
if ! lintian --fail-on error,warning --display-info "$out"; then
  failures+=("lintian found errors or warnings (above)")
fi

if [ ${#failures[@]} -gt 0 ]; then
  printf 'build-deb: FAILED: %s\n' "${failures[@]}" >&2
  exit 1
fi
echo "build-deb: all budgets met"

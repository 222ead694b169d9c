#!/bin/bash
# package-test-inside.sh — run by scripts/package-test.sh inside the clean Debian 12 root, as the
# ordinary user `tester`, with only the package, its Depends and Recommends, and the test harness
# installed. The app is started the way a user starts it: `github-finder` found through PATH, from
# the home folder, by the installed desktop file's Exec line. GHF_API_URL is the GitHub double
# running outside the root. Prints ok/FAIL per check; exits 1 when any failed.
set -uo pipefail
here=$(dirname "$0")
app_id=io.github.githubfinder.GitHubFinder
desktop=/usr/share/applications/$app_id.desktop
api=${GHF_API_URL:?}
work=$(mktemp -d)
export XDG_RUNTIME_DIR=$work/runtime && mkdir -m 700 "$XDG_RUNTIME_DIR"
cd "$HOME"
failed=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failed=1; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }
# GLib's warnings and criticals ("(github-finder:123): Gtk-WARNING **: …", "** (…): WARNING **").
glib_problems() { grep -E '(-|\(\S+:[0-9]+\): |\*\* )(CRITICAL|WARNING|ERROR) \*\*' "$1"; }
no_glib_problems() { ! glib_problems "$1"; }

echo "== the command line"
version=$(dpkg-query -W -f='${Version}' github-finder)
check "github-finder --version says $version" test "$(github-finder --version)" = "github-finder $version"
check "github-finder favorites --version says $version" test "$(github-finder favorites --version)" = "$version"
check "github-finder --help lists the options and favorites" sh -c 'github-finder --help | grep -q -- "--api-url" && github-finder --help | grep -q "favorites list|export|import"'
check "man github-finder shows the page (FAVORITES SUBCOMMANDS, ENVIRONMENT, FILES)" sh -c \
  'page=$(MANWIDTH=80 man -P cat github-finder 2>/dev/null) && echo "$page" | grep -q "FAVORITES SUBCOMMANDS" && echo "$page" | grep -q GH_TOKEN && echo "$page" | grep -q "^FILES"'
check "the man page renders without a groff warning" sh -c '! MANWIDTH=80 man --warnings -P cat github-finder 2>&1 >/dev/null | grep -q .'

echo "== github-finder favorites, with no display"
cat > "$work/import.json" <<'JSON'
{
  "format" : "io.github.githubfinder.favorites",
  "version" : 2,
  "server" : "https://api.github.com",
  "exportedAt" : "2026-11-25T10:11:12.345Z",
  "people" : [
    { "id" : 583231, "login" : "octocat", "name" : "The Octocat", "type" : "User",
      "avatarURL" : "https://avatars.githubusercontent.com/u/583231?v=4", "profileURL" : "https://github.com/octocat",
      "addedAt" : "2025-01-02T03:04:05.678Z", "note" : "Installed from the .deb", "tags" : [ "package-test" ] }
  ],
  "repositories" : [
    { "id" : 1296269, "fullName" : "octocat/Hello-World", "ownerLogin" : "octocat", "ownerID" : 583231,
      "name" : "Hello-World", "description" : "My first repository on GitHub!", "language" : "Ruby", "stars" : 3000,
      "ownerAvatarURL" : "https://avatars.githubusercontent.com/u/583231?v=4", "htmlURL" : "https://github.com/octocat/Hello-World",
      "addedAt" : "2025-01-02T03:04:05.000Z" }
  ]
}
JSON
echo '{"format": "io.github.githubfinder.favorites", "version": 2, "people": [' > "$work/broken.json"
imported=$(env -u DISPLAY -u WAYLAND_DISPLAY github-finder favorites import "$work/import.json" 2>&1)
check "favorites import adds 2 ($imported)" sh -c "echo '$imported' | grep -q 'Added 2'"
check "favorites list shows both" sh -c "github-finder favorites list | grep -qP '^person\t583231\toctocat\t' && github-finder favorites list | grep -qP '^repository\t1296269\toctocat/Hello-World\t'"
check "favorites export writes them back with the note" sh -c "env -u DISPLAY github-finder favorites export -o '$work/out.json' && grep -q 'Installed from the .deb' '$work/out.json'"
check "a damaged file is refused (exit 1, a reason, nothing changed)" sh -c \
  "! github-finder favorites import '$work/broken.json' 2>'$work/refused' && grep -q Error '$work/refused' && test \$(github-finder favorites list | wc -l) -eq 2"

echo "== the installed files"
check "desktop-file-validate $desktop" desktop-file-validate "$desktop"
check "appstreamcli validate --no-net the installed metainfo" appstreamcli validate --no-net "/usr/share/metainfo/$app_id.metainfo.xml"
icon=$(sed -n 's/^Icon=//p' "$desktop")
check "the desktop file's icon $icon is installed (scalable + symbolic)" test -f "/usr/share/icons/hicolor/scalable/apps/$icon.svg" -a -f "/usr/share/icons/hicolor/symbolic/apps/$icon-symbolic.svg"
check "the D-Bus service starts /usr/bin/github-finder" grep -q '^Exec=/usr/bin/github-finder --gapplication-service$' "/usr/share/dbus-1/services/$app_id.service"
check "the Shell search provider names the desktop file" grep -q "^DesktopId=$app_id.desktop$" "/usr/share/gnome-shell/search-providers/$app_id.search-provider.ini"
check "the Korean translation is installed" test -f /usr/share/locale/ko/LC_MESSAGES/github-finder.mo

# The desktop file's Exec line, its field codes dropped, run by sh from the home folder: the
# binary is found through PATH, so argv[0] is the bare name, as from the app grid.
exec_line=$(sed -n 's/^Exec=//p' "$desktop" | head -1 | sed -E 's/ ?%[fFuUdDnNickvm]//g')
echo "   (Exec line: $exec_line)"

echo "== X11 (Xvfb), a D-Bus session with the accessibility bus"
cat > "$work/x11.sh" <<EOF
set -u
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
$(declare -f ok fail check glib_problems no_glib_problems)
failed=0
cd "\$HOME"
sh -c '$exec_line --api-url $api --benchmark-startup' > "$work/first-frame.out" 2> "$work/first-frame.err"
check "first frame drawn, started from the Exec line (\$(tail -1 "$work/first-frame.out") ms)" grep -Eq '^[0-9.]+\$' "$work/first-frame.out"
check "no GLib/GTK warning on stderr" no_glib_problems "$work/first-frame.err" || cat "$work/first-frame.err"
LANGUAGE=ko LANG=ko_KR.UTF-8 sh -c 'exec $exec_line --api-url $api' > "$work/korean.out" 2> "$work/korean.err" &
app=\$!
check "LANGUAGE=ko: the window is Korean (검색, 즐겨찾기, GitHub 사용자 검색)" python3 "$here/package-test-gui.py" korean \$app
kill \$app; wait \$app 2>/dev/null
check "no GLib/GTK warning in the Korean run" no_glib_problems "$work/korean.err" || cat "$work/korean.err"
# No app running: the session bus starts it from the installed service file.
check "no instance left running" sh -c '! pgrep -u "\$(id -u)" -x github-finder'
result=\$(gdbus call --session --dest $app_id --object-path /io/github/githubfinder/GitHubFinder/SearchProvider \
  --method org.gnome.Shell.SearchProvider2.GetInitialResultSet "['octo']" 2>&1)
echo "   GetInitialResultSet(['octo']) -> \$result"
check "the Shell search provider, D-Bus activated, finds the imported favorite" sh -c "echo \"\$result\" | grep -q \"'\""
ids=\$(echo "\$result" | grep -o "'[^']*'" | tr '\n' ',' | sed 's/,\$//')
metas=\$(gdbus call --session --dest $app_id --object-path /io/github/githubfinder/GitHubFinder/SearchProvider \
  --method org.gnome.Shell.SearchProvider2.GetResultMetas "[\$ids]" 2>&1)
check "its result metas name octocat" sh -c "echo \"\$metas\" | grep -q octocat" || echo "\$metas"
check "the activated service was /usr/bin/github-finder --gapplication-service" sh -c 'pgrep -u "\$(id -u)" -f "^/usr/bin/github-finder --gapplication-service" >/dev/null'
for _ in \$(seq 40); do pgrep -u "\$(id -u)" -x github-finder >/dev/null || break; sleep 0.5; done
check "the service quits by itself when idle" sh -c '! pgrep -u "\$(id -u)" -x github-finder'
exit \$failed
EOF
Xvfb :42 -noreset -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X42 ] && break; sleep 0.1; done
if DISPLAY=:42 GSK_RENDERER=cairo NO_AT_BRIDGE=0 dbus-run-session -- bash "$work/x11.sh"; then :; else failed=1; fi
kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null

echo "== Wayland (sway, headless, no Xwayland)"
cat > "$work/sway.config" <<'EOF'
xwayland disable
output HEADLESS-1 resolution 1280x800 position 0 0
default_border none
seat * hide_cursor 1000
for_window [app_id=".*"] floating enable
EOF
cat > "$work/wayland.sh" <<EOF
set -u
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman sway --config "$work/sway.config" > "$work/sway.log" 2>&1 &
sway=\$!
for _ in \$(seq 100); do ls "\$XDG_RUNTIME_DIR"/wayland-* >/dev/null 2>&1 && break; sleep 0.1; done
export WAYLAND_DISPLAY=\$(basename "\$(ls "\$XDG_RUNTIME_DIR"/wayland-* | grep -v lock | head -1)")
export SWAYSOCK=\$(ls "\$XDG_RUNTIME_DIR"/sway-ipc.* 2>/dev/null | head -1)
status=0
python3 "$here/package-test-gui.py" wayland "$exec_line" "$api" /tmp/package-test/shots || status=1
kill \$sway
exit \$status
EOF
if env -u DISPLAY GDK_BACKEND=wayland NO_AT_BRIDGE=0 dbus-run-session -- bash "$work/wayland.sh"; then :; else failed=1; fi

rm -rf "$work"
[ $failed -eq 0 ] && echo "package-test-inside: every check passed" || echo "package-test-inside: some checks FAILED"
exit $failed

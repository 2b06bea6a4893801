#!/bin/sh
# Rebuild templates/assets/icc/FOGRA39L-coated.icc (the print-shop PDFs' output profile) from the
# FOGRA39 characterisation data in Debian's icc-profiles-free, with ArgyllCMS's colprof.
# Needs root for apt-get; takes a few minutes. The result is committed: builds never run this.
set -eu
apt-get install -y -qq --no-install-recommends icc-profiles-free argyll >/dev/null
work=$(mktemp -d)
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/FOGRA39L.ti3"
(cd "$work" && colprof -ql -D "playaid FOGRA39 (ISO 12647-2 coated), from FOGRA39L.ti3" \
  -C "Built with ArgyllCMS from FOGRA39L.ti3 (icc-profiles-free, zlib licence, Kai-Uwe Behrmann)" \
  -S /usr/share/color/icc/sRGB.icc FOGRA39L >/dev/null)
cp "$work/FOGRA39L.icc" "$(dirname "$0")/../templates/assets/icc/FOGRA39L-coated.icc"
rm -r "$work"

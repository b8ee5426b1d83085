// The font every export is drawn with: DejaVu Sans, bundled in the resources, so that a figure has
// the same metrics and glyphs on every machine (and over SSH on a host without fonts).
#pragma once

#include <QString>

namespace ExportFonts {

// Registers the bundled fonts once and returns their family; the application's font family when
// they cannot be loaded (then exports still work, in the system's font).
QString family();

} // namespace ExportFonts

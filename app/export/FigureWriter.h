// Writes figures to PNG, SVG and PDF files and copies them to the clipboard, each drawn fresh at
// the target size (see widgets/export/Figure).
//
// PNG: the target size times the scale (1×, 2×, 3× for high-density screens and print) in pixels,
// with the scale recorded as the image's resolution (96 dpi × scale). SVG: a viewBox of the target
// size. PDF: one page of the target size at 96 dpi per figure page (1920×1080 px is 1440×810 pt).
// Files are written through QSaveFile: a full disk or a cancelled write leaves any earlier file
// with that name as it was.
#pragma once

#include "export/ExportStyle.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>
#include <vector>

class Figure;

enum class ExportFormat { Png, Svg, Pdf };

struct ExportTarget {
    ExportFormat format = ExportFormat::Png;
    QSize size{1920, 1080};
    double scale = 1; // PNG only
    ExportStyle style;
    QString title; // the document title of SVG and PDF files
};

namespace FigureWriter {

// "png", "svg", "pdf" (any case), or nullopt.
std::optional<ExportFormat> formatFromName(const QString& name);
// The format a file name's suffix asks for, or nullopt.
std::optional<ExportFormat> formatFromPath(const QString& path);
QString suffixOf(ExportFormat format);

// The figure's page as an image of size × scale pixels with that device-pixel ratio.
QImage renderImage(const Figure& figure, const ExportTarget& target, int page = 0);

// Writes every page of every figure to a PDF; PNG and SVG hold one figure's first page, so more
// than one figure is an error there.
// False with a sentence naming the file and the reason.
bool write(const std::vector<const Figure*>& figures, const QString& path, const ExportTarget& target, QString* error);

// Puts the figure's first page on the clipboard as an image.
void copyToClipboard(const Figure& figure, const ExportTarget& target);

} // namespace FigureWriter

// How an exported figure looks: colours, fonts, line widths, and the sizes offered for slides.
//
// Exports are drawn fresh at their target size, not grabbed from the screen, so the style is
// given in pixels of the target: the presentation style scales its fonts and lines with the
// page height, so that a 1280×720 slide and a 1920×1080 one look alike when projected.
#pragma once

#include <QColor>
#include <QFont>
#include <QSize>
#include <QString>

#include <vector>

struct ExportStyle {
    enum class Kind { Presentation, Screen };

    Kind kind = Kind::Presentation;
    QString fontFamily;       // empty: the application's font
    double fontPixels = 24;   // body text: legend, table cells
    double lineWidth = 3;     // series lines
    QColor background = Qt::white;
    QColor text = QColor(0x20, 0x20, 0x20);
    QColor mutedText = QColor(0x55, 0x55, 0x55); // subtitle, tick labels, footnote
    QColor grid = QColor(0xe3, 0xe3, 0xe3);
    QColor axis = QColor(0x70, 0x70, 0x70);

    // Light background, large type and thick lines for slides.
    static ExportStyle presentation(QSize page, const QString& fontFamily = {});
    // Closer to the app on screen: smaller type and thinner lines, for reports.
    static ExportStyle screen(QSize page, const QString& fontFamily = {});

    QFont font(double scale = 1.0, bool bold = false) const;
    QFont titleFont() const { return font(1.5, true); }
    QFont subtitleFont() const { return font(0.95); }
    QFont chartTitleFont() const { return font(0.95, true); }
    QFont tickFont() const { return font(0.75); }
    QFont footnoteFont() const { return font(0.7); }
    // The space around the page's content, in target pixels.
    double margin() const { return fontPixels * 1.2; }
};

struct ExportSizePreset {
    QString name; // shown in the export dialog, accepted by --size
    QSize size;
};

// 1920×1080 and 1280×720 (16:9 slides), 1024×768 (4:3); the dialog adds "Custom".
const std::vector<ExportSizePreset>& exportSizePresets();

// "1920x1080", "1920×1080" or a preset's name ("4:3"); an invalid size when it is neither or out of
// range (each side 100 to 10,000 pixels).
QSize parseExportSize(const QString& text);

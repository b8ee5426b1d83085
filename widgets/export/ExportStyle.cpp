#include "ExportStyle.h"

#include <QRegularExpression>

#include <algorithm>

namespace {

constexpr int kMinimumSide = 100;
constexpr int kMaximumSide = 10000;

} // namespace

ExportStyle ExportStyle::presentation(QSize page, const QString& fontFamily)
{
    ExportStyle style;
    style.kind = Kind::Presentation;
    style.fontFamily = fontFamily;
    // 24 px body text on a 1080-pixel-high slide: readable from the back of a meeting room.
    style.fontPixels = std::max(11.0, page.height() / 45.0);
    style.lineWidth = std::max(1.5, page.height() / 360.0);
    return style;
}

ExportStyle ExportStyle::screen(QSize page, const QString& fontFamily)
{
    ExportStyle style;
    style.kind = Kind::Screen;
    style.fontFamily = fontFamily;
    style.fontPixels = std::max(10.0, page.height() / 72.0);
    style.lineWidth = std::max(1.0, page.height() / 720.0);
    style.grid = QColor(0xea, 0xea, 0xea);
    return style;
}

QFont ExportStyle::font(double scale, bool bold) const
{
    QFont result = fontFamily.isEmpty() ? QFont() : QFont(fontFamily);
    // Pixel sizes, not points: the target is measured in pixels, whatever the screen's DPI.
    result.setPixelSize(std::max(6, int(fontPixels * scale + 0.5)));
    result.setBold(bold);
    // Hinting shifts glyphs by device pixel; exports must not depend on the machine's settings.
    result.setHintingPreference(QFont::PreferNoHinting);
    return result;
}

const std::vector<ExportSizePreset>& exportSizePresets()
{
    static const std::vector<ExportSizePreset> presets{
        {QStringLiteral("1920×1080"), QSize(1920, 1080)},
        {QStringLiteral("1280×720"), QSize(1280, 720)},
        {QStringLiteral("4:3"), QSize(1024, 768)},
    };
    return presets;
}

QSize parseExportSize(const QString& text)
{
    const QString trimmed = text.trimmed();
    for (const ExportSizePreset& preset : exportSizePresets()) {
        if (trimmed == preset.name)
            return preset.size;
    }
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})\\s*[x×X]\\s*(\\d{1,5})$"));
    const QRegularExpressionMatch match = pattern.match(trimmed);
    if (!match.hasMatch())
        return {};
    const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
    const auto inRange = [](int side) { return side >= kMinimumSide && side <= kMaximumSide; };
    return inRange(size.width()) && inRange(size.height()) ? size : QSize();
}

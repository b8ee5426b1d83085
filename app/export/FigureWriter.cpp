#include "FigureWriter.h"

#include "export/Figure.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImageWriter>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace {

constexpr double kDotsPerInch = 96; // CSS pixels: what slide tools assume an image's pixels are

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(FigureWriter)
};

int pagesOf(const Figure& figure, const ExportTarget& target)
{
    return figure.pageCount(QSizeF(target.size), target.style);
}

bool writePng(const Figure& figure, QSaveFile& file, const ExportTarget& target, QString* error)
{
    QImage image = FigureWriter::renderImage(figure, target);
    QImageWriter writer(&file, "png");
    writer.setText(QStringLiteral("Software"), QStringLiteral("Runlens"));
    if (!target.title.isEmpty())
        writer.setText(QStringLiteral("Title"), target.title);
    if (!writer.write(image)) {
        *error = writer.errorString();
        return false;
    }
    return true;
}

void writeSvg(const Figure& figure, QSaveFile& file, const ExportTarget& target)
{
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(target.size);
    generator.setViewBox(QRect(QPoint(0, 0), target.size));
    generator.setResolution(int(kDotsPerInch));
    generator.setTitle(target.title);
    generator.setDescription(Text::tr("Exported by Runlens"));
    QPainter painter(&generator);
    figure.paint(painter, QRectF(QPointF(0, 0), QSizeF(target.size)), target.style);
}

void writePdf(const std::vector<const Figure*>& figures, QSaveFile& file, const ExportTarget& target)
{
    QPdfWriter writer(&file);
    writer.setCreator(QStringLiteral("Runlens"));
    writer.setTitle(target.title);
    writer.setResolution(int(kDotsPerInch));
    // The page is the target size at 96 dpi, without margins: one device unit is one target pixel.
    const QSizeF points(target.size.width() * 72.0 / kDotsPerInch, target.size.height() * 72.0 / kDotsPerInch);
    writer.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter(&writer);
    bool first = true;
    for (const Figure* figure : figures) {
        for (int page = 0; page < pagesOf(*figure, target); ++page) {
            if (!first)
                writer.newPage();
            first = false;
            figure->paint(painter, QRectF(QPointF(0, 0), QSizeF(target.size)), target.style, page);
        }
    }
}

} // namespace

namespace FigureWriter {

std::optional<ExportFormat> formatFromName(const QString& name)
{
    const QString lower = name.toLower();
    if (lower == QLatin1String("png"))
        return ExportFormat::Png;
    if (lower == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (lower == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    return std::nullopt;
}

std::optional<ExportFormat> formatFromPath(const QString& path)
{
    return formatFromName(QFileInfo(path).suffix());
}

QString suffixOf(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png: return QStringLiteral("png");
    case ExportFormat::Svg: return QStringLiteral("svg");
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    }
    return {};
}

QImage renderImage(const Figure& figure, const ExportTarget& target, int page)
{
    const double scale = std::clamp(target.scale, 1.0, 4.0);
    QImage image((QSizeF(target.size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    // The scale travels with the file as its resolution, so viewers that honour it show 2× images
    // at their intended size.
    const int dotsPerMeter = int(std::lround(kDotsPerInch / 0.0254 * scale));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.fill(target.style.background);
    QPainter painter(&image);
    figure.paint(painter, QRectF(QPointF(0, 0), QSizeF(target.size)), target.style, page);
    return image;
}

bool write(const std::vector<const Figure*>& figures, const QString& path, const ExportTarget& target, QString* error)
{
    const auto fail = [&](const QString& reason) {
        *error = Text::tr("Cannot export to %1: %2").arg(QDir::toNativeSeparators(path), reason);
        return false;
    };
    if (figures.empty())
        return fail(Text::tr("there is nothing to export"));
    // PNG and SVG hold one page: several figures need PDF; a long table shows its first page
    // (it says how many rows follow).
    if (target.format != ExportFormat::Pdf && figures.size() > 1)
        return fail(Text::tr("%1 holds one page and this export has %2; choose PDF for several pages")
                        .arg(suffixOf(target.format).toUpper())
                        .arg(figures.size()));

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    switch (target.format) {
    case ExportFormat::Png: {
        QString reason;
        if (!writePng(*figures.front(), file, target, &reason)) {
            file.cancelWriting();
            return fail(reason);
        }
        break;
    }
    case ExportFormat::Svg: writeSvg(*figures.front(), file, target); break;
    case ExportFormat::Pdf: writePdf(figures, file, target); break;
    }
    // commit() reports what any write before it failed with (a full disk, a lost mount).
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

void copyToClipboard(const Figure& figure, const ExportTarget& target)
{
    QGuiApplication::clipboard()->setImage(renderImage(figure, target));
}

} // namespace FigureWriter

#include "TableFigure.h"

#include <QAbstractItemModel>
#include <QBrush>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {

constexpr double kRowSpacing = 1.45; // row height in lines of text
constexpr int kMeasuredRows = 500;   // column widths from the first rows: enough, and bounded

QColor colourOf(const QVariant& value, const QColor& fallback)
{
    if (value.canConvert<QBrush>() && value.userType() == QMetaType::QBrush)
        return value.value<QBrush>().color();
    if (value.canConvert<QColor>() && value.isValid())
        return value.value<QColor>();
    return fallback;
}

} // namespace

TableFigure::TableFigure(const QAbstractItemModel& model)
    : m_model(model)
{
}

int TableFigure::rowsPerArea(const QRectF& area, const ExportStyle& style) const
{
    const double rowHeight = QFontMetricsF(style.font(0.8)).height() * kRowSpacing;
    // The header row, and a line for "… more rows" when the table does not fit.
    return std::max(1, int(area.height() / rowHeight) - 2);
}

int TableFigure::rowsPerPage(const QSizeF& pageSize, const ExportStyle& style) const
{
    return rowsPerArea(contentArea(QRectF(QPointF(0, 0), pageSize), style), style);
}

int TableFigure::pageCount(const QSizeF& pageSize, const ExportStyle& style) const
{
    const int perPage = rowsPerPage(pageSize, style);
    return std::max(1, (m_model.rowCount() + perPage - 1) / perPage);
}

std::vector<double> TableFigure::columnWidths(const QFont& font, const QFont& headerFont) const
{
    const QFontMetricsF metrics(font);
    const QFontMetricsF headerMetrics(headerFont);
    std::vector<double> widths(std::size_t(m_model.columnCount()), 0.0);
    for (int c = 0; c < m_model.columnCount(); ++c) {
        double width = headerMetrics.horizontalAdvance(m_model.headerData(c, Qt::Horizontal).toString());
        for (int r = 0; r < std::min(m_model.rowCount(), kMeasuredRows); ++r)
            width = std::max(width, metrics.horizontalAdvance(m_model.index(r, c).data().toString()));
        widths[std::size_t(c)] = width + metrics.averageCharWidth() * 2;
    }
    return widths;
}

void TableFigure::paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const
{
    QFont font = style.font(0.8);
    QFont headerFont = style.font(0.8, true);
    std::vector<double> widths = columnWidths(font, headerFont);
    const double total = std::accumulate(widths.begin(), widths.end(), 0.0);
    if (total > area.width()) {
        // Too wide: shrink the type (down to 60 %) rather than cut columns off.
        const double shrink = std::max(0.6, area.width() / total);
        font.setPixelSize(std::max(6, int(font.pixelSize() * shrink)));
        headerFont.setPixelSize(font.pixelSize());
        widths = columnWidths(font, headerFont);
    }
    const QFontMetricsF metrics(font);
    const double rowHeight = QFontMetricsF(style.font(0.8)).height() * kRowSpacing;
    const double textOffset = (rowHeight - metrics.height()) / 2 + metrics.ascent();
    const int perPage = rowsPerArea(area, style);
    const int first = page * perPage;
    const int last = std::min(m_model.rowCount(), first + perPage);

    const auto alignmentOf = [&](int column) {
        const QVariant value = m_model.rowCount() > 0 ? m_model.index(0, column).data(Qt::TextAlignmentRole) : QVariant();
        return value.isValid() ? Qt::Alignment(value.toInt()) : Qt::Alignment(Qt::AlignLeft);
    };
    // Measured in the font it is drawn in (the header's bold is wider), so right-aligned text ends
    // where its column does.
    const auto drawCell = [&](double x, double y, double width, const QString& text, Qt::Alignment alignment) {
        const QFontMetricsF cellMetrics(painter.font());
        const double pad = metrics.averageCharWidth();
        const QString shown = cellMetrics.elidedText(text, Qt::ElideRight, width - 2 * pad);
        const double textX = alignment & Qt::AlignRight ? x + width - pad - cellMetrics.horizontalAdvance(shown) : x + pad;
        painter.drawText(QPointF(textX, y + textOffset), shown);
    };

    // The header, underlined.
    double y = area.top();
    double x = area.left();
    painter.setFont(headerFont);
    painter.setPen(style.text);
    for (int c = 0; c < m_model.columnCount() && x < area.right(); ++c) {
        const double width = std::min(widths[std::size_t(c)], area.right() - x);
        drawCell(x, y, width, m_model.headerData(c, Qt::Horizontal).toString(), alignmentOf(c));
        x += width;
    }
    y += rowHeight;
    const double tableWidth = std::min(area.width(), std::accumulate(widths.begin(), widths.end(), 0.0));
    painter.setPen(QPen(style.axis, 1));
    painter.drawLine(QLineF(area.left(), y, area.left() + tableWidth, y));

    painter.setFont(font);
    for (int r = first; r < last; ++r) {
        x = area.left();
        if ((r - first) % 2 == 1)
            painter.fillRect(QRectF(area.left(), y, tableWidth, rowHeight), QColor(0, 0, 0, 10));
        for (int c = 0; c < m_model.columnCount() && x < area.right(); ++c) {
            const double width = std::min(widths[std::size_t(c)], area.right() - x);
            const QModelIndex index = m_model.index(r, c);
            const QVariant background = index.data(Qt::BackgroundRole);
            if (background.isValid())
                painter.fillRect(QRectF(x, y, width, rowHeight), colourOf(background, style.background));
            const QColor special = m_cellColour ? m_cellColour(index) : QColor();
            painter.setPen(special.isValid() ? special : colourOf(index.data(Qt::ForegroundRole), style.text));
            drawCell(x, y, width, index.data().toString(), Qt::Alignment(index.data(Qt::TextAlignmentRole).toInt()));
            x += width;
        }
        y += rowHeight;
    }
    if (last < m_model.rowCount()) {
        painter.setPen(style.mutedText);
        painter.drawText(QPointF(area.left() + metrics.averageCharWidth(), y + textOffset),
                         tr("… and %1 more").arg(m_model.rowCount() - last));
    }
}

#include "Figure.h"

#include <QFontMetricsF>
#include <QPainter>

namespace {

// Footnotes wrap; the figure keeps at most a few lines so the content keeps the page.
constexpr int kFootnoteFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;

} // namespace

int Figure::pageCount(const QSizeF&, const ExportStyle&) const
{
    return 1;
}

double Figure::headerHeight(const ExportStyle& style) const
{
    double height = 0;
    if (!m_text.title.isEmpty())
        height += QFontMetricsF(style.titleFont()).height() * 1.15;
    if (!m_text.subtitle.isEmpty())
        height += QFontMetricsF(style.subtitleFont()).height() * 1.2;
    if (!legend().empty())
        height += QFontMetricsF(style.font()).height() * 1.5;
    return height > 0 ? height + style.fontPixels * 0.4 : 0;
}

double Figure::footerHeight(const QRectF& pageRect, const ExportStyle& style) const
{
    if (m_text.footnote.isEmpty())
        return 0;
    const QFontMetricsF metrics(style.footnoteFont());
    const QRectF bounds = metrics.boundingRect(QRectF(0, 0, pageRect.width() - 2 * style.margin(), 1e6),
                                               kFootnoteFlags, m_text.footnote);
    return std::min(bounds.height(), metrics.lineSpacing() * 4) + style.fontPixels * 0.5;
}

QRectF Figure::contentArea(const QRectF& pageRect, const ExportStyle& style) const
{
    const double margin = style.margin();
    const double top = pageRect.top() + margin + headerHeight(style);
    const double bottom = pageRect.bottom() - margin - footerHeight(pageRect, style);
    return QRectF(pageRect.left() + margin, top, pageRect.width() - 2 * margin, std::max(1.0, bottom - top));
}

void Figure::paint(QPainter& painter, const QRectF& pageRect, const ExportStyle& style, int page) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(pageRect, style.background);

    const double margin = style.margin();
    double y = pageRect.top() + margin;
    const double left = pageRect.left() + margin;
    const double width = pageRect.width() - 2 * margin;
    if (!m_text.title.isEmpty()) {
        const QFont font = style.titleFont();
        painter.setFont(font);
        painter.setPen(style.text);
        const QFontMetricsF metrics(font);
        painter.drawText(QPointF(left, y + metrics.ascent()), metrics.elidedText(m_text.title, Qt::ElideRight, width));
        y += metrics.height() * 1.15;
    }
    if (!m_text.subtitle.isEmpty()) {
        const QFont font = style.subtitleFont();
        painter.setFont(font);
        painter.setPen(style.mutedText);
        const QFontMetricsF metrics(font);
        painter.drawText(QPointF(left, y + metrics.ascent()), metrics.elidedText(m_text.subtitle, Qt::ElideRight, width));
        y += metrics.height() * 1.2;
    }
    const std::vector<LegendEntry> entries = legend();
    if (!entries.empty()) {
        // One swatch (a short thick line, as the series are drawn) and the run's name per entry.
        const QFont font = style.font();
        painter.setFont(font);
        const QFontMetricsF metrics(font);
        const double swatch = style.fontPixels * 1.6;
        const double baseline = y + metrics.height() * 0.25 + metrics.ascent();
        double x = left;
        for (const LegendEntry& entry : entries) {
            const double middle = baseline - metrics.ascent() / 2 + metrics.descent() / 2;
            painter.fillRect(QRectF(x, middle - style.lineWidth, swatch, style.lineWidth * 2), entry.colour);
            x += swatch + style.fontPixels * 0.4;
            painter.setPen(style.text);
            painter.drawText(QPointF(x, baseline), entry.name);
            x += metrics.horizontalAdvance(entry.name) + style.fontPixels * 1.4;
        }
    }

    if (!m_text.footnote.isEmpty()) {
        const QFont font = style.footnoteFont();
        painter.setFont(font);
        painter.setPen(style.mutedText);
        const double height = footerHeight(pageRect, style) - style.fontPixels * 0.5;
        const QRectF box(left, pageRect.bottom() - margin - height, width, height);
        painter.save();
        painter.setClipRect(box);
        painter.drawText(box, kFootnoteFlags, m_text.footnote);
        painter.restore();
    }

    const QRectF area = contentArea(pageRect, style);
    painter.save();
    paintContent(painter, area, style, page);
    painter.restore();
    painter.restore();
}

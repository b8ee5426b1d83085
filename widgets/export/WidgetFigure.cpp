#include "WidgetFigure.h"

#include <QCoreApplication>
#include <QPainter>
#include <QResizeEvent>

#include <algorithm>

namespace {

// About the size of the app's own text on screen, which the views' layouts are made for.
constexpr double kScreenFontPixels = 14;

} // namespace

WidgetFigure::WidgetFigure(std::unique_ptr<QWidget> view)
    : m_view(std::move(view))
{
    // Never shown: only laid out and rendered.
    m_view->setAttribute(Qt::WA_DontShowOnScreen);
}

WidgetFigure::~WidgetFigure() = default;

void WidgetFigure::replaceView(std::unique_ptr<QWidget> view)
{
    m_view = std::move(view);
    if (m_view)
        m_view->setAttribute(Qt::WA_DontShowOnScreen);
}

std::pair<QRectF, double> WidgetFigure::paintView(QPainter& painter, const QRectF& area, const ExportStyle& style) const
{
    if (!m_view)
        return {QRectF(area.topLeft(), QSizeF()), 1.0};
    // The view is laid out at screen proportions and scaled up to the page: rows, labels and
    // margins grow with the page's type together (a vector scale in SVG and PDF), instead of a
    // 1080-pixel page showing a screen's 16-pixel rows.
    const double zoom = std::max(1.0, style.fontPixels / kScreenFontPixels);
    QPalette palette = m_view->palette();
    palette.setColor(QPalette::Base, style.background);
    palette.setColor(QPalette::Window, style.background);
    palette.setColor(QPalette::Text, style.text);
    palette.setColor(QPalette::WindowText, style.text);
    palette.setColor(QPalette::PlaceholderText, style.mutedText);
    m_view->setPalette(palette);
    m_view->setFont(style.font(0.8 / zoom));
    // As tall as the view wants (a shallow flame graph, a heat map of a few CPUs), at most the page.
    const QSize available = (area.size() / zoom).toSize();
    m_view->resize(available);
    const int wanted = std::max(m_view->minimumSizeHint().height(), m_view->sizeHint().height());
    m_view->resize(available.width(), std::min(available.height(), std::max(1, wanted)));
    // A hidden widget gets its resize event (where views lay themselves out) only when shown or
    // rendered; deliver it now so that render() paints the new layout.
    QResizeEvent resize(m_view->size(), QSize());
    QCoreApplication::sendEvent(m_view.get(), &resize);

    painter.save();
    painter.translate(area.topLeft());
    painter.scale(zoom, zoom);
    m_view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    painter.restore();
    return {QRectF(area.topLeft(), QSizeF(m_view->size()) * zoom), zoom};
}

void WidgetFigure::paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int) const
{
    paintView(painter, area, style);
}

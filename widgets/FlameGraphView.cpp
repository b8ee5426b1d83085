#include "FlameGraphView.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using runlens::format::FrameKind;

namespace {

constexpr int kMargin = 2;
const QColor kMergedColour(200, 200, 200);
const QColor kMatchColour(230, 0, 230);

std::uint32_t stableHash(const std::string& text)
{
    // FNV-1a: the same name gets the same colour in every run and every session.
    std::uint32_t hash = 2166136261u;
    for (const char c : text) {
        hash ^= std::uint8_t(c);
        hash *= 16777619u;
    }
    return hash;
}

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 2) + QLatin1Char('%');
}

} // namespace

FlameGraphView::FlameGraphView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("flameGraphView"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FlameGraphView::setTree(StackTreePtr tree)
{
    // The zoom, as a path of functions, survives a new tree that has the same path.
    std::vector<std::pair<std::string, std::string>> zoomPath;
    if (m_tree) {
        for (const std::uint32_t n : m_tree->pathTo(m_zoom))
            zoomPath.emplace_back(m_tree->functionOf(n).symbol, m_tree->functionOf(n).module);
    }
    m_tree = std::move(tree);
    m_history.clear();
    m_hovered.reset();
    m_zoom = StackTree::kRoot;
    m_names.clear();
    m_maximumDepth = 0;
    if (m_tree) {
        m_names.reserve(m_tree->functions().size());
        for (const auto& function : m_tree->functions())
            m_names.push_back(QString::fromStdString(function.symbol));
        for (const auto& node : m_tree->nodes())
            m_maximumDepth = std::max(m_maximumDepth, node.depth);
        for (const auto& [symbol, module] : zoomPath) {
            const StackTreeNode& node = m_tree->node(m_zoom);
            bool found = false;
            for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
                const auto& function = m_tree->functionOf(c);
                if (function.symbol == symbol && function.module == module && m_tree->node(c).total > 0) {
                    m_zoom = c;
                    found = true;
                    break;
                }
            }
            if (!found)
                break;
        }
    }
    m_current = m_zoom;
    updateSearch();
    updateGeometry();
    relayout();
    update();
}

void FlameGraphView::setRunNames(const QString& selected, const QString& baseline)
{
    m_selectedName = selected;
    m_baselineName = baseline;
    update();
}

void FlameGraphView::setIcicle(bool icicle)
{
    if (m_icicle == icicle)
        return;
    m_icicle = icicle;
    relayout();
    update();
}

void FlameGraphView::setSearchPattern(const QString& pattern)
{
    m_search = QRegularExpression(pattern);
    if (pattern.isEmpty() || !m_search.isValid())
        m_search = QRegularExpression();
    updateSearch();
    update();
}

void FlameGraphView::setHighlightedFunction(const QString& symbol)
{
    m_highlighted = symbol;
    update();
}

void FlameGraphView::updateSearch()
{
    m_matches.clear();
    m_matchShare = 0;
    if (m_tree && !m_search.pattern().isEmpty()) {
        m_matches.assign(m_names.size(), 0);
        for (std::size_t f = 1; f < m_names.size(); ++f)
            m_matches[f] = m_search.match(m_names[f]).hasMatch();
        // Samples under a match, each counted once: a matching frame's subtree is not visited.
        std::uint64_t matched = 0;
        std::vector<std::uint32_t> work{StackTree::kRoot};
        while (!work.empty()) {
            const std::uint32_t n = work.back();
            work.pop_back();
            const StackTreeNode& node = m_tree->node(n);
            if (n != StackTree::kRoot && m_matches[node.function]) {
                matched += node.total;
                continue;
            }
            for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c)
                work.push_back(c);
        }
        const std::uint64_t total = m_tree->totalSamples();
        m_matchShare = total > 0 ? double(matched) / double(total) : 0.0;
    }
    emit searchMatched(m_matchShare);
}

void FlameGraphView::zoomTo(std::uint32_t node)
{
    if (!m_tree || node >= m_tree->nodes().size() || node == m_zoom || m_tree->node(node).total == 0)
        return;
    m_history.push_back(m_zoom);
    m_zoom = node;
    m_current = node;
    relayout();
    update();
    emit zoomChanged(m_zoom);
}

void FlameGraphView::back()
{
    if (m_history.empty())
        return;
    m_zoom = m_history.back();
    m_history.pop_back();
    m_current = m_zoom;
    relayout();
    update();
    emit zoomChanged(m_zoom);
}

void FlameGraphView::resetZoom()
{
    if (m_zoom == StackTree::kRoot)
        return;
    zoomTo(StackTree::kRoot);
}

QStringList FlameGraphView::breadcrumbs() const
{
    QStringList names{tr("all")};
    if (!m_tree)
        return names;
    for (const std::uint32_t n : m_tree->pathTo(m_zoom))
        names.append(m_names[m_tree->node(n).function]);
    return names;
}

int FlameGraphView::rowHeight() const
{
    return fontMetrics().height() + 4;
}

int FlameGraphView::legendHeight() const
{
    return m_tree && m_tree->isDiff() ? 2 * rowHeight() + 4 : rowHeight() + 2;
}

QRect FlameGraphView::graphArea() const
{
    const int top = rowHeight() + 2; // the breadcrumb line
    return QRect(kMargin, top, std::max(1, width() - 2 * kMargin), std::max(1, height() - top - legendHeight()));
}

double FlameGraphView::rowY(int row) const
{
    const QRect area = graphArea();
    return m_icicle ? area.top() + row * rowHeight() : area.bottom() + 1 - (row + 1) * rowHeight();
}

QSize FlameGraphView::sizeHint() const
{
    return {800, rowHeight() * int(m_maximumDepth + 1) + rowHeight() + 2 + legendHeight()};
}

QSize FlameGraphView::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

void FlameGraphView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void FlameGraphView::relayout()
{
    m_items.clear();
    m_crumbs.clear();
    if (!m_tree || m_tree->totalSamples() == 0)
        return;
    const QRect area = graphArea();
    // The zoomed frame's ancestors (and the root) as full-width rows, then the zoomed frame.
    std::vector<std::uint32_t> chain{StackTree::kRoot};
    for (const std::uint32_t n : m_tree->pathTo(m_zoom))
        chain.push_back(n);
    for (std::size_t row = 0; row < chain.size(); ++row)
        m_items.push_back({QRectF(area.left(), rowY(int(row)), area.width(), rowHeight() - 1), chain[row], false});
    m_ancestorRows = int(chain.size()) - 1;
    layOutChildren(m_zoom, area.left(), area.width(), int(chain.size()));
}

void FlameGraphView::layOutChildren(std::uint32_t parent, double x, double width, int row)
{
    const StackTreeNode& node = m_tree->node(parent);
    if (node.total == 0 || node.childCount == 0)
        return;
    const QRect area = graphArea();
    const double y = rowY(row);
    if (y + rowHeight() < area.top() - rowHeight() || y > area.bottom() + rowHeight())
        return;
    const double scale = width / double(node.total);
    double cursor = x;
    // Neighbours narrower than a pixel are gathered into one block.
    double mergedStart = -1;
    std::uint32_t mergedFirst = 0;
    const auto flushMerged = [&](double end) {
        if (mergedStart >= 0 && end - mergedStart >= 0.5)
            m_items.push_back({QRectF(mergedStart, y, end - mergedStart, rowHeight() - 1), mergedFirst, true});
        mergedStart = -1;
    };
    for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
        const std::uint64_t total = m_tree->node(c).total;
        if (total == 0)
            continue;
        const double childWidth = double(total) * scale;
        if (childWidth < 1.0) {
            if (mergedStart < 0) {
                mergedStart = cursor;
                mergedFirst = c;
            }
            cursor += childWidth;
            if (cursor - mergedStart >= 1.0)
                flushMerged(cursor);
            continue;
        }
        flushMerged(cursor);
        m_items.push_back({QRectF(cursor, y, childWidth, rowHeight() - 1), c, false});
        layOutChildren(c, cursor, childWidth, row + 1);
        cursor += childWidth;
    }
    flushMerged(cursor);
}

int FlameGraphView::drawnFrameCount() const
{
    return int(std::count_if(m_items.begin(), m_items.end(), [](const Item& item) { return !item.merged; }));
}

std::optional<std::uint32_t> FlameGraphView::nodeAt(const QPointF& point) const
{
    for (const Item& item : m_items) {
        if (!item.merged && item.rect.contains(point))
            return item.node;
    }
    return std::nullopt;
}

std::optional<QRectF> FlameGraphView::frameRect(std::uint32_t node) const
{
    for (const Item& item : m_items) {
        if (!item.merged && item.node == node)
            return item.rect;
    }
    return std::nullopt;
}

QColor FlameGraphView::colourFor(const StackTreeFunction& function)
{
    const std::uint32_t hash = stableHash(function.symbol);
    const double v1 = double(hash & 0xff) / 255.0;
    const double v2 = double((hash >> 8) & 0xff) / 255.0;
    const double v3 = double((hash >> 16) & 0xff) / 255.0;
    switch (function.kind) {
    case FrameKind::Kernel: // orange, as flamegraph.pl's kernel frames
        return QColor(int(200 + 55 * v1), int(120 + 60 * v1), int(20 * v2));
    case FrameKind::Jit: // green
        return QColor(int(50 + 60 * v1), int(180 + 55 * v2), int(50 + 60 * v3));
    case FrameKind::Unknown:
        return QColor(int(175 + 30 * v1), int(175 + 30 * v1), int(175 + 30 * v1));
    case FrameKind::User:
        break;
    }
    // flamegraph.pl's "hot" palette.
    return QColor(int(205 + 50 * v3), int(230 * v1), int(55 * v2));
}

void FlameGraphView::setNoiseColoured(bool coloured)
{
    m_noiseColoured = coloured;
    update();
}

QColor FlameGraphView::fillColourFor(std::uint32_t node) const
{
    if (!m_tree || node >= m_tree->nodes().size())
        return {};
    return m_tree->isDiff() ? diffColourFor(node) : colourFor(m_tree->functionOf(node));
}

QColor FlameGraphView::diffColourFor(std::uint32_t node) const
{
    const QColor neutral(245, 245, 245);
    if (!m_tree || !m_tree->isDiff() || m_tree->maximumDelta() <= 0)
        return neutral;
    // A change the repeats' own spread covers is not a change: drawn as none.
    if (!m_noiseColoured && m_tree->verdict(node) == FrameVerdict::WithinNoise)
        return neutral;
    const double delta = m_tree->totalDelta(node) / m_tree->maximumDelta();
    const double strength = std::clamp(std::abs(delta), 0.0, 1.0);
    return delta >= 0 ? mix(neutral, QColor(220, 30, 30), strength) : mix(neutral, QColor(30, 80, 220), strength);
}

QString FlameGraphView::toolTipFor(std::uint32_t node) const
{
    if (!m_tree || node >= m_tree->nodes().size())
        return {};
    const StackTreeNode& n = m_tree->node(node);
    const StackTreeFunction& function = m_tree->functionOf(node);
    const double total = double(std::max<std::uint64_t>(1, m_tree->totalSamples()));
    QString text = QStringLiteral("<b>%1</b>").arg(m_names[n.function].toHtmlEscaped());
    if (!function.module.empty())
        text += QStringLiteral("<br>") + tr("in %1").arg(QString::fromStdString(function.module).toHtmlEscaped());
    const bool events = m_tree->weight() == runlens::format::SampleWeight::EventCount;
    text += QStringLiteral("<br>")
          + (events ? tr("Event count: %1 (%2 of total)") : tr("Samples: %1 (%2 of total)")).arg(n.total).arg(percent(double(n.total) / total));
    text += QStringLiteral("<br>") + tr("Self: %1 (%2 of total)").arg(n.self).arg(percent(double(n.self) / total));
    if (m_tree->isDiff()) {
        const double baselineTotal = double(std::max<std::uint64_t>(1, m_tree->baselineSamples()));
        text += QStringLiteral("<br>") + tr("Baseline: %1 (%2 of total), self %3")
                                             .arg(m_tree->baselineTotal(node))
                                             .arg(percent(double(m_tree->baselineTotal(node)) / baselineTotal))
                                             .arg(m_tree->baselineSelf(node));
        const bool perSecond = m_tree->normalisation() == DiffNormalisation::PerSecond;
        const auto format = [perSecond, events](double delta) {
            const QString sign = delta > 0 ? QStringLiteral("+") : QString();
            if (perSecond && events)
                return tr("%1%2 events/s").arg(sign, QString::number(delta, 'f', 2));
            return perSecond ? tr("%1%2 samples/s").arg(sign, QString::number(delta, 'f', 2))
                             : tr("%1%2 points").arg(sign, QString::number(delta * 100.0, 'f', 2));
        };
        text += QStringLiteral("<br>") + tr("Change: %1 total, %2 self").arg(format(m_tree->totalDelta(node)),
                                                                             format(m_tree->selfDelta(node)));
        if (m_tree->hasVerdicts()) {
            // Standard deviations are never negative: their text without format()'s sign.
            const auto magnitude = [&format](double value) {
                const QString text = format(value);
                return text.startsWith(QLatin1Char('+')) ? text.mid(1) : text;
            };
            const QString spread = tr("spread across runs ±%1 (baseline), ±%2 (this variant)")
                                       .arg(magnitude(m_tree->baselineSpread(node)), magnitude(m_tree->selectedSpread(node)));
            text += QStringLiteral("<br>")
                  + (m_tree->verdict(node) == FrameVerdict::Real
                         ? tr("Beyond noise across %1 + %2 runs; %3").arg(m_tree->baselineRepeats()).arg(m_tree->selectedRepeats()).arg(spread)
                         : tr("Within noise across %1 + %2 runs; %3").arg(m_tree->baselineRepeats()).arg(m_tree->selectedRepeats()).arg(spread));
        } else if (m_tree->baselineRepeats() > 1 || m_tree->selectedRepeats() > 1) {
            text += QStringLiteral("<br>") + tr("Fewer than three runs on a side: the plain difference, untested");
        }
    }
    return text;
}

void FlameGraphView::setCurrent(std::uint32_t node)
{
    m_current = node;
    update();
}

void FlameGraphView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const int rowH = rowHeight();
    const QFontMetrics metrics = fontMetrics();
    painter.setPen(palette().text().color());

    // Breadcrumbs: where the zoom is, each name clickable. Not zoomed, a lone "all" says nothing
    // (and stood above every exported flame graph), so the line stays empty.
    m_crumbs.clear();
    double x = kMargin;
    const QStringList crumbs = breadcrumbs();
    std::vector<std::uint32_t> crumbNodes{StackTree::kRoot};
    if (m_tree) {
        for (const std::uint32_t n : m_tree->pathTo(m_zoom))
            crumbNodes.push_back(n);
    }
    for (int i = 0; i < crumbs.size() && x < width() && m_zoom != StackTree::kRoot; ++i) {
        const QString label = i == 0 ? crumbs[i] : QStringLiteral(" › ") + crumbs[i];
        const double w = metrics.horizontalAdvance(label);
        const QRectF r(x, 0, w, rowH);
        painter.drawText(r, Qt::AlignVCenter | Qt::AlignLeft, label);
        m_crumbs.push_back({r, crumbNodes[std::size_t(i)]});
        x += w;
    }

    if (!m_tree || m_tree->totalSamples() == 0) {
        painter.drawText(graphArea(), Qt::AlignCenter, tr("No stack samples in this range."));
        return;
    }

    const bool diff = m_tree->isDiff();
    const bool searching = !m_matches.empty();
    const double charWidth = std::max(1, metrics.averageCharWidth());
    for (const Item& item : m_items) {
        if (item.merged) {
            painter.fillRect(item.rect, kMergedColour);
            continue;
        }
        const StackTreeNode& node = m_tree->node(item.node);
        QColor colour = diff ? diffColourFor(item.node)
                             : colourFor(m_tree->functions()[node.function]);
        if (searching && m_matches[node.function])
            colour = kMatchColour;
        painter.fillRect(item.rect, colour);
        if (!m_highlighted.isEmpty() && m_names[node.function] == m_highlighted) {
            painter.setPen(QPen(Qt::black, 2));
            painter.drawRect(item.rect.adjusted(1, 1, -1, -1));
        }
        // Text only where about three characters fit; cut by character count, not elidedText,
        // which measures the string and costs too much for thousands of frames.
        if (item.rect.width() > 3 * charWidth + 4) {
            const QString& name = item.node == StackTree::kRoot ? crumbs.front() : m_names[node.function];
            const int fit = int((item.rect.width() - 4) / charWidth);
            painter.setPen(Qt::black);
            painter.drawText(item.rect.adjusted(2, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                             name.size() <= fit ? name : name.left(std::max(1, fit - 2)) + QStringLiteral(".."));
        }
    }
    const auto outline = [&](std::uint32_t node, const QPen& pen) {
        if (const auto r = frameRect(node)) {
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r->adjusted(0.5, 0.5, -0.5, -0.5));
        }
    };
    if (m_hovered)
        outline(*m_hovered, QPen(Qt::black, 1));
    if (hasFocus())
        outline(m_current, QPen(Qt::black, 1, Qt::DashLine));

    // The legend: what is shown, or what is compared with what and how.
    const QRect legend(kMargin, height() - legendHeight(), width() - 2 * kMargin, legendHeight());
    painter.setPen(palette().text().color());
    if (diff) {
        const bool events = m_tree->weight() == runlens::format::SampleWeight::EventCount;
        const QString normalisation = m_tree->normalisation() == DiffNormalisation::PerSecond
                                          ? (events ? tr("events per second of the range") : tr("samples per second of the range"))
                                          : (events ? tr("share of each run's events") : tr("share of each run's samples"));
        const QString first = (events ? tr("Widths: %1 (%2 events). Colour: change from the baseline, %3 (%4 events), by %5.")
                                      : tr("Widths: %1 (%2 samples). Colour: change from the baseline, %3 (%4 samples), by %5."))
                                  .arg(m_selectedName)
                                  .arg(m_tree->totalSamples())
                                  .arg(m_baselineName)
                                  .arg(m_tree->baselineSamples())
                                  .arg(normalisation);
        painter.drawText(QRect(legend.left(), legend.top(), legend.width(), rowH), Qt::AlignVCenter | Qt::AlignLeft,
                         first);
        const QRect bar(legend.left(), legend.top() + rowH + 2, 160, rowH - 4);
        QLinearGradient gradient(bar.topLeft(), bar.topRight());
        gradient.setColorAt(0, QColor(30, 80, 220));
        gradient.setColorAt(0.5, QColor(245, 245, 245));
        gradient.setColorAt(1, QColor(220, 30, 30));
        painter.fillRect(bar, gradient);
        painter.drawRect(bar);
        const QString scale = m_tree->normalisation() == DiffNormalisation::PerSecond
                                  ? tr("blue shrank, red grew (full colour: %1 samples/s)")
                                        .arg(QString::number(m_tree->maximumDelta(), 'f', 1))
                                  : tr("blue shrank, red grew (full colour: %1 points)")
                                        .arg(QString::number(m_tree->maximumDelta() * 100.0, 'f', 2));
        QString scaleText = scale;
        if (m_tree->hasVerdicts() && !m_noiseColoured)
            scaleText += tr("; changes within the noise of %1 + %2 runs drawn neutral")
                             .arg(m_tree->baselineRepeats())
                             .arg(m_tree->selectedRepeats());
        else if (m_tree->baselineRepeats() > 1 || m_tree->selectedRepeats() > 1)
            scaleText += tr("; pooled %1 + %2 runs").arg(m_tree->baselineRepeats()).arg(m_tree->selectedRepeats());
        painter.drawText(QRect(bar.right() + 8, bar.top() - 2, legend.width() - bar.width() - 8, rowH),
                         Qt::AlignVCenter | Qt::AlignLeft, scaleText);
    } else {
        QString text = (m_tree->weight() == runlens::format::SampleWeight::EventCount ? tr("%1: %2 events (summed periods)")
                                                                                      : tr("%1: %2 samples"))
                           .arg(m_selectedName)
                           .arg(m_tree->totalSamples());
        if (searching)
            text += QStringLiteral("   ") + tr("Matched: %1 of samples").arg(percent(m_matchShare));
        painter.drawText(legend, Qt::AlignVCenter | Qt::AlignLeft, text);
    }
}

bool FlameGraphView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto node = nodeAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(*node), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void FlameGraphView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::BackButton) {
        back();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return;
    for (const Crumb& crumb : m_crumbs) {
        if (crumb.rect.contains(event->position())) {
            zoomTo(crumb.node);
            return;
        }
    }
    if (const auto node = nodeAt(event->position())) {
        setCurrent(*node);
        zoomTo(*node);
    }
}

void FlameGraphView::mouseMoveEvent(QMouseEvent* event)
{
    const auto node = nodeAt(event->position());
    if (node != m_hovered) {
        m_hovered = node;
        if (node && m_tree)
            emit frameHovered(m_names[m_tree->node(*node).function]);
        update();
    }
}

void FlameGraphView::leaveEvent(QEvent* event)
{
    m_hovered.reset();
    update();
    QWidget::leaveEvent(event);
}

void FlameGraphView::keyPressEvent(QKeyEvent* event)
{
    if (!m_tree) {
        QWidget::keyPressEvent(event);
        return;
    }
    const StackTreeNode& current = m_tree->node(m_current);
    const auto largestChild = [&]() -> std::optional<std::uint32_t> {
        std::optional<std::uint32_t> best;
        for (std::uint32_t c = current.firstChild; c < current.firstChild + current.childCount; ++c) {
            if (m_tree->node(c).total > 0 && (!best || m_tree->node(c).total > m_tree->node(*best).total))
                best = c;
        }
        return best;
    };
    const auto sibling = [&](int step) -> std::optional<std::uint32_t> {
        if (m_current == StackTree::kRoot)
            return std::nullopt;
        const StackTreeNode& parent = m_tree->node(current.parent);
        for (std::int64_t c = std::int64_t(m_current) + step;
             c >= std::int64_t(parent.firstChild) && c < std::int64_t(parent.firstChild + parent.childCount); c += step) {
            if (m_tree->node(std::uint32_t(c)).total > 0 && frameRect(std::uint32_t(c)))
                return std::uint32_t(c);
        }
        return std::nullopt;
    };
    const bool towardsLeaves = (event->key() == Qt::Key_Up) != m_icicle;
    switch (event->key()) {
    case Qt::Key_Backspace:
        back();
        return;
    case Qt::Key_Left:
        if (event->modifiers() & Qt::AltModifier) {
            back();
            return;
        }
        if (const auto s = sibling(-1))
            setCurrent(*s);
        return;
    case Qt::Key_Right:
        if (const auto s = sibling(+1))
            setCurrent(*s);
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
        if (towardsLeaves) {
            if (const auto c = largestChild(); c && frameRect(*c))
                setCurrent(*c);
        } else if (m_current != StackTree::kRoot) {
            setCurrent(current.parent);
        }
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        zoomTo(m_current);
        return;
    case Qt::Key_Escape:
    case Qt::Key_Home:
        resetZoom();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

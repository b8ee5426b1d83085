// A flame graph (or icicle graph) of one StackTree, painted directly: no item or widget per frame,
// so a tree of 100,000 frames costs what is visible. Frames narrower than a pixel are merged into
// one grey block per run of neighbours.
//
// Click a frame to zoom to it (its ancestors stay as full-width breadcrumb rows and the path is
// written above the graph); Backspace or Alt+Left go back, Esc shows the whole tree. The arrows
// move a keyboard cursor (Up/Down to parent or largest child, Left/Right to siblings), Enter zooms.
//
// Colours depend only on a function's name (and kind), so a function has the same colour in every
// run. For a differential tree the widths are the selected run's samples and the colour is the
// change: red grew, blue shrank, saturation by the normalised delta over the largest delta shown.
#pragma once

#include "StackTree.h"

#include <QRegularExpression>
#include <QWidget>

#include <optional>
#include <vector>

class FlameGraphView : public QWidget
{
    Q_OBJECT

public:
    explicit FlameGraphView(QWidget* parent = nullptr);

    // Keeps the zoom when the new tree has the same path (a refiltered range, another run).
    void setTree(StackTreePtr tree);
    const StackTreePtr& tree() const { return m_tree; }
    // What the legend says is compared (differential trees) or shown.
    void setRunNames(const QString& selected, const QString& baseline);
    const QString& selectedName() const { return m_selectedName; }
    const QString& baselineName() const { return m_baselineName; }

    void setIcicle(bool icicle);
    bool isIcicle() const { return m_icicle; }

    // A differential tree of repeated runs knows which changes are within the repeats' noise:
    // those frames are drawn neutral unless this is set (then coloured as any change).
    void setNoiseColoured(bool coloured);
    bool isNoiseColoured() const { return m_noiseColoured; }
    // The fill of a frame (tests, exports).
    QColor fillColourFor(std::uint32_t node) const;

    // Frames whose name matches are highlighted; the share of samples in matching frames (counted
    // once where matches nest) is reported. An empty or invalid pattern clears the search.
    void setSearchPattern(const QString& pattern);
    double searchMatchShare() const { return m_matchShare; }
    // Outlines every frame of this function (the top-functions table's current row).
    void setHighlightedFunction(const QString& symbol);

    void zoomTo(std::uint32_t node);
    void back();
    void resetZoom();
    std::uint32_t zoomRoot() const { return m_zoom; }
    // The names from the root to the zoomed frame.
    QStringList breadcrumbs() const;
    std::uint32_t currentNode() const { return m_current; }

    // Hit-testing, in widget coordinates: the frame under a point, and where a frame is drawn.
    std::optional<std::uint32_t> nodeAt(const QPointF& point) const;
    std::optional<QRectF> frameRect(std::uint32_t node) const;
    // Frames drawn as separate rectangles (merged sub-pixel blocks not counted).
    int drawnFrameCount() const;
    QString toolTipFor(std::uint32_t node) const;
    static QColor colourFor(const StackTreeFunction& function);
    QColor diffColourFor(std::uint32_t node) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void zoomChanged(std::uint32_t node);
    void searchMatched(double share);
    void frameHovered(const QString& symbol);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Item {
        QRectF rect;
        std::uint32_t node;
        bool merged; // several frames under a pixel each
    };
    struct Crumb {
        QRectF rect;
        std::uint32_t node;
    };

    void relayout();
    void layOutChildren(std::uint32_t node, double x, double width, int row);
    double rowY(int row) const;
    int rowHeight() const;
    QRect graphArea() const;
    int legendHeight() const;
    void updateSearch();
    void setCurrent(std::uint32_t node);

    StackTreePtr m_tree;
    QString m_selectedName;
    QString m_baselineName;
    bool m_icicle = false;
    bool m_noiseColoured = false;
    std::uint32_t m_zoom = StackTree::kRoot;
    std::uint32_t m_current = StackTree::kRoot;
    std::vector<std::uint32_t> m_history;
    std::optional<std::uint32_t> m_hovered;
    QRegularExpression m_search;
    std::vector<char> m_matches; // per function
    double m_matchShare = 0;
    QString m_highlighted;
    std::vector<QString> m_names; // per function, converted once
    std::uint32_t m_maximumDepth = 0;

    std::vector<Item> m_items;
    std::vector<Crumb> m_crumbs;
    int m_ancestorRows = 0;
};

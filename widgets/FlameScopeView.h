// A FlameScope-style heat map of one run's samples (Netflix FlameScope): one column per second,
// the second's sub-second buckets from top to bottom, colour by the number of samples. Bursts,
// periodic work and idle stretches stand out; dragging from one cell to another selects the time
// between them, which the app makes the selection of every view.
#pragma once

#include "ProfileIndex.h"

#include <QImage>
#include <QWidget>

#include <optional>
#include <vector>

class FlameScopeView : public QWidget
{
    Q_OBJECT

public:
    explicit FlameScopeView(QWidget* parent = nullptr);

    // The grid of the run's profile index (the view copies it and keeps no pointer), and the run's
    // offset on the shared time axis. Null: no profile.
    void setProfile(const ProfileIndex* index, double offsetSeconds);
    int columns() const { return m_columns; }
    static constexpr int kRows = ProfileIndex::kScopeRows; // 20 ms buckets
    int countAt(int column, int row) const;
    int maximumCount() const { return int(m_maximum); }
    // The cell under a point, and the run time (seconds) at a cell's start.
    std::optional<std::pair<int, int>> cellAt(const QPointF& point) const;
    QRectF cellRect(int column, int row) const;

    QSize sizeHint() const override;

signals:
    // A range on the shared time axis, in seconds.
    void rangeSelected(double begin, double end);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QRectF mapArea() const;
    double timeOf(int column, int row) const { return column + double(row) / kRows; }

    int m_columns = 0;
    std::vector<std::uint32_t> m_cells; // samples per (second, bucket), column by column
    QImage m_image;
    std::uint32_t m_maximum = 0;
    double m_offset = 0;
    std::optional<std::pair<int, int>> m_dragStart;
    std::optional<std::pair<int, int>> m_dragEnd;
};

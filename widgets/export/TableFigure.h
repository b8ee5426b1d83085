// A table for export (the summary table): the model's rows as the user filtered and sorted them,
// with the colours the model gives (deltas green, red, grey). Long tables continue on further
// pages of a PDF; an image shows the first page, which says how many rows follow.
#pragma once

#include "Figure.h"

#include <QColor>
#include <QCoreApplication>

#include <functional>

class QAbstractItemModel;
class QModelIndex;

class TableFigure : public Figure
{
    Q_DECLARE_TR_FUNCTIONS(TableFigure)

public:
    explicit TableFigure(const QAbstractItemModel& model);

    // A text colour for some cells (the summary's deltas by verdict); invalid keeps the model's.
    void setCellColour(std::function<QColor(const QModelIndex&)> colour) { m_cellColour = std::move(colour); }

    int pageCount(const QSizeF& pageSize, const ExportStyle& style) const override;
    // Rows that fit on one page of this size.
    int rowsPerPage(const QSizeF& pageSize, const ExportStyle& style) const;

protected:
    void paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const override;

private:
    int rowsPerArea(const QRectF& area, const ExportStyle& style) const;
    std::vector<double> columnWidths(const QFont& font, const QFont& headerFont) const;

    const QAbstractItemModel& m_model;
    std::function<QColor(const QModelIndex&)> m_cellColour;
};

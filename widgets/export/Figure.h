// Something that can be exported: a chart grid, a flame graph, a heat map, a table. A figure
// paints itself onto any QPainter at any size — a QImage for PNG and the clipboard, a
// QSvgGenerator, a QPdfWriter — so every format is drawn from the data, fresh at the target size.
//
// Figure paints the frame every export shares (background, title, subtitle, legend, footnote)
// and leaves the content area to the subclass. A figure may span several pages (a long table in a
// PDF); image formats show its first page.
#pragma once

#include "ExportStyle.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

struct FigureText {
    QString title;
    QString subtitle; // the runs and the window, for example
    QString footnote; // host facts, optional
};

struct LegendEntry {
    QString name;
    QColor colour;
};

class Figure
{
public:
    virtual ~Figure() = default;

    void setText(const FigureText& text) { m_text = text; }
    const FigureText& text() const { return m_text; }

    // Paints page `page` (0-based) into `page` rectangle's coordinates.
    void paint(QPainter& painter, const QRectF& pageRect, const ExportStyle& style, int page = 0) const;
    // How many pages the figure needs at this size (1 for everything but long tables).
    virtual int pageCount(const QSizeF& pageSize, const ExportStyle& style) const;

    // The run colours shown under the title; empty for none.
    virtual std::vector<LegendEntry> legend() const { return {}; }

protected:
    virtual void paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const = 0;
    // The content area left on a page of this size once the frame is drawn.
    QRectF contentArea(const QRectF& pageRect, const ExportStyle& style) const;

private:
    double headerHeight(const ExportStyle& style) const;
    double footerHeight(const QRectF& pageRect, const ExportStyle& style) const;

    FigureText m_text;
};

// Reduces a series to what a chart of a given pixel width can show, without losing spikes:
// for each pixel column, the minimum and the maximum in the order they occurred (the M4 idea of
// Jugel et al., PVLDB 2014, without first/last, which a line through min/max already covers).
#pragma once

#include <QPointF>

#include <span>
#include <vector>

struct DecimatedSeries {
    // Points in time order. A point with NaN y marks a gap (samples missing): draw no line across it.
    std::vector<QPointF> points;
    double minimum = 0; // of the visible values, for the y-axis
    double maximum = 0;
    bool hasValues = false;
};

// times must not decrease. offset is added to every time (the run's offset on the shared axis).
// Points just outside [from, to] are kept so lines reach the chart's edges.
DecimatedSeries decimate(std::span<const double> times, std::span<const double> values, double offset, double from,
                         double to, int pixelColumns);

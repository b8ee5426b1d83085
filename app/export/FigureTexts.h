// The words around an exported figure: a title naming the runs, a subtitle naming the window, and a
// footnote with each run's host (instance type, CPU, CPU count, memory, kernel) for the slide's
// small print. Shared by the export dialog and `runlens export`, so both say the same thing.
#pragma once

#include "export/Figure.h"

#include <optional>
#include <utility>

class RunSet;

namespace FigureTexts {

// "demo-baseline vs demo-tuned" (the baseline first), or the one run's name.
QString runsTitle(const RunSet& runs);
// "Whole run (0:00 – 3:00)" or "Window 0:30 – 3:30", on the shared time axis.
QString windowSubtitle(std::pair<double, double> range, bool wholeRun);
// What the summary covers without a selection when runs are trimmed: each its own window.
QString trimSubtitle();
// One line per visible run: "demo-baseline: c7i.4xlarge · AMD EPYC · 16 CPUs · 32 GiB · Linux 6.1.0".
QString hostFootnote(const RunSet& runs);

} // namespace FigureTexts

#include "DiffFoldedWriter.h"

#include <algorithm>
#include <cstdio>

namespace {

const char* verdictWord(FrameVerdict verdict)
{
    switch (verdict) {
    case FrameVerdict::Real:
        return "real";
    case FrameVerdict::WithinNoise:
        return "noise";
    case FrameVerdict::Untested:
        break;
    }
    return "untested";
}

} // namespace

std::string writeDiffFolded(const StackTree& diff, const std::string& header)
{
    // Paths built parent first: nodes are laid out breadth first.
    const auto& nodes = diff.nodes();
    std::vector<std::string> paths(nodes.size());
    std::vector<std::string> lines;
    lines.reserve(nodes.size());
    const bool perSecond = diff.normalisation() == DiffNormalisation::PerSecond;
    const double baselineScale = perSecond ? (diff.baselineDurationSeconds() > 0 ? 1.0 / diff.baselineDurationSeconds() : 0.0)
                                           : (diff.baselineSamples() > 0 ? 1.0 / double(diff.baselineSamples()) : 0.0);
    const double selectedScale = perSecond ? (diff.durationSeconds() > 0 ? 1.0 / diff.durationSeconds() : 0.0)
                                           : (diff.totalSamples() > 0 ? 1.0 / double(diff.totalSamples()) : 0.0);
    char numbers[256];
    for (std::uint32_t n = 1; n < nodes.size(); ++n) {
        std::string name = diff.functionOf(n).symbol;
        // ';' separates frames in folded text: a name keeps it as ':', as stackcollapse does.
        std::replace(name.begin(), name.end(), ';', ':');
        const std::uint32_t parent = nodes[n].parent;
        paths[n] = parent == StackTree::kRoot ? name : paths[parent] + ';' + name;
        std::snprintf(numbers, sizeof numbers, " %.6f %.6f %+.6f %.6f %.6f %s", double(diff.baselineTotal(n)) * baselineScale,
                      double(nodes[n].total) * selectedScale, diff.totalDelta(n), diff.baselineSpread(n), diff.selectedSpread(n),
                      verdictWord(diff.verdict(n)));
        lines.push_back(paths[n] + numbers);
    }
    std::sort(lines.begin(), lines.end());
    std::string text = "# " + header + '\n';
    for (const std::string& line : lines) {
        text += line;
        text += '\n';
    }
    return text;
}

// The runs open in the app, in order: which one is the baseline, each run's colour, visibility,
// display name, time offset and trim window. Every view observes this one object.
#pragma once

#include "Run.h"
#include "summary/SteadyState.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

// A run's colour as 0xRRGGBB. models/ is Qt Core only, so no QColor here; views convert.
using RunColour = std::uint32_t;

struct RunEntry {
    RunPtr run;
    QString displayName;
    RunColour colour = 0;
    bool visible = true;
    // Added to the run's own time so that runs line up (seconds). 0 aligns runs at their start.
    double offsetSeconds = 0;
    // The part of the run that counts for summaries, in the run's own seconds; empty = all of it.
    std::optional<std::pair<double, double>> trim;

    // The name the user gave the run, else the run's own: what every view and export calls it.
    QString name() const { return displayName.isEmpty() ? run->name() : displayName; }
};

class RunSet : public QObject
{
    Q_OBJECT

public:
    enum class Alignment { Start, WallClock };

    explicit RunSet(QObject* parent = nullptr);

    // The colour-blind-safe palette runs take their colours from, in order (Okabe & Ito).
    static const std::vector<RunColour>& palette();

    int count() const { return int(m_entries.size()); }
    const RunEntry& at(int index) const { return m_entries.at(std::size_t(index)); }
    // The first run opened from the file, or -1.
    int indexOf(const QString& filePath) const;
    // The run `runInFile` of the file (Run::runInFile: empty for a file of one run), or -1.
    int indexOf(const QString& filePath, const QString& runInFile) const;
    int baselineIndex() const { return m_entries.empty() ? -1 : m_baseline; }
    // The run the user picked in the run list (what Alt+drag in a chart moves), or -1.
    int currentIndex() const { return m_current; }
    void setCurrentIndex(int index);

    // Appends the run (or returns the index of the same run already open from that file).
    int add(RunPtr run);
    void remove(int index);
    void clear();
    void move(int from, int to);
    void setBaseline(int index);
    void setVisible(int index, bool visible);
    void setDisplayName(int index, const QString& name);
    void setColour(int index, RunColour colour);
    void setOffset(int index, double seconds);
    void setTrim(int index, std::optional<std::pair<double, double>> trim);
    void setAlignment(Alignment alignment);
    Alignment alignment() const { return m_alignment; }

    // The run's time t (seconds since its start) on the shared axis.
    double sharedTime(int index, double runSeconds) const { return runSeconds + at(index).offsetSeconds; }
    // The title a chart of a metric carries, from the first run that describes it: "User CPU (%)",
    // "Disk reads — nvme0n1 (bytes/s)". The metric's id when no run has a title for it.
    QString chartTitle(const QString& metricId, const QString& instance) const;

    // The span of the shared axis that holds every visible run.
    std::pair<double, double> timeExtent() const;

    // The steady state proposed for a run (its own seconds; Run::steadyState, found in the load
    // job), never applied by itself: setTrim does that.
    const SteadyStateProposal& steadyState(int index) const;
    // Offsets that put the start of every run's steady state at the same moment of the shared
    // axis (the latest of them, so that no run moves before zero), for runs that did not start at
    // the same point of their workload. Runs without a proposal keep their offset. Returns how many
    // runs have a steady state to align by.
    int alignBySteadyState();

signals:
    // Before/after pairs so that item models can announce changes in the order Qt requires.
    void runAboutToBeAdded(int index);
    void runAdded(int index);
    void runAboutToBeRemoved(int index);
    void runRemoved(int index);
    void aboutToReset();
    void runsReset();
    void orderAboutToChange();
    void runChanged(int index);   // name, colour, visibility, offset or trim
    void baselineChanged(int index);
    void currentChanged(int index);
    void orderChanged();

private:
    RunColour nextColour() const;
    void applyAlignment();

    std::vector<RunEntry> m_entries;
    int m_baseline = 0;
    int m_current = -1;
    Alignment m_alignment = Alignment::Start;
};

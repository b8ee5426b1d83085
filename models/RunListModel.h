// The open runs as a table for the run list: colour and name, baseline, shown, offset, trim
// window, proposed steady state, host, duration. Edits go to the RunSet, which every other view
// observes.
#pragma once

#include "summary/SteadyState.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class Run;
class RunSet;

class RunListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        BaselineColumn,
        VisibleColumn,
        OffsetColumn,
        TrimColumn,        // the run's trim window; edited as "FROM:TO" in seconds, empty for all of it
        SteadyStateColumn, // the steady state SteadyState proposes, its reason as the tooltip
        HostColumn,
        DurationColumn,
        ColumnCount
    };
    enum Role { ColourRole = Qt::UserRole + 1, FilePathRole };

    explicit RunListModel(RunSet* runs, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // The steady state proposed for the run in `row` (RunSet::steadyState), never applied by itself.
    const SteadyStateProposal& steadyState(int row) const;
    // Makes the proposal the run's trim window (the user's click); false when there is none.
    bool acceptSteadyState(int row);
    // RunSet::alignBySteadyState, for the run list's context menu.
    int alignBySteadyState();

    // Every run at once. Trims each run to the same window (its own seconds; cut at the end of a
    // shorter run, and a run that ends before FROM keeps its trim), or to its own proposed steady
    // state (a run without one keeps its trim), or clears them all. Each returns how many runs it
    // changed, and can be undone (undoTrims) until the next one.
    int trimAll(const std::pair<double, double>& window);
    int trimAllToSteadyState();
    int clearTrims();
    // Puts back the windows the runs had before the last of those three, for the runs whose window
    // is still the one it set (a trim dragged since is the user's newer choice). Returns how many.
    int undoTrims();
    bool canUndoTrims() const { return !m_trimsBefore.empty(); }
    // "FROM:TO" (also "FROM–TO", "FROM-TO", each side with an optional "s") as typed in the Trim
    // column or the Trim All Runs dialog; nullopt unless 0 ≤ FROM < TO.
    static std::optional<std::pair<double, double>> parseWindow(const QString& text);

    // "12.4–590.0 s": how the run list writes a window.
    static QString windowText(const std::pair<double, double>& window);

signals:
    // After each of trimAll, trimAllToSteadyState, clearTrims and undoTrims.
    void undoTrimsChanged(bool available);

private:
    using Window = std::optional<std::pair<double, double>>;
    // The new windows (index by index, nullopt leaves a run alone), applied with the old ones kept.
    int applyTrims(const std::vector<std::optional<Window>>& windows);

    RunSet* m_runs;
    struct TrimChange {
        std::weak_ptr<const Run> run;
        Window before;
        Window after;
    };
    std::vector<TrimChange> m_trimsBefore;
};

// The flame graph's filter beside its time range: which CPUs, processes and threads to count. A
// CPU list ("0-3,8") and a tree of the run's processes with their threads, each with its sample
// count and share, checkable and searchable. Everything checked and no CPUs typed: no filter.
#pragma once

#include "ProfileIndex.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

class ProfileFilterView : public QWidget
{
    Q_OBJECT

public:
    explicit ProfileFilterView(QWidget* parent = nullptr);

    // The processes and threads of this index (the view copies what it shows; null: none). The
    // checks are kept for the same run (`sameRun`), else reset to everything.
    void setIndex(const ProfileIndex* index, bool sameRun);

    // Empty lists mean "all".
    std::vector<std::uint32_t> cpus() const { return m_cpus; }
    std::vector<std::uint32_t> pids() const;
    std::vector<std::uint32_t> tids() const;
    bool isFiltering() const;
    // "CPUs 0-3; 2 of 14 processes", for status lines and exported subtitles; empty without a filter.
    QString description() const;

    QLineEdit* cpuField() const { return m_cpuField; }
    QLineEdit* searchField() const { return m_search; }
    QTreeWidget* tree() const { return m_tree; }

public slots:
    // Checks everything and clears the CPU list.
    void clear();

signals:
    void filterChanged();

private:
    void applySearch(const QString& text);
    void readCpus();

    QLineEdit* m_cpuField;
    QLineEdit* m_search;
    QPushButton* m_clear;
    QLabel* m_summary;
    QTreeWidget* m_tree;
    std::vector<std::uint32_t> m_cpus;
    std::uint64_t m_total = 0;
    bool m_filling = false;
};

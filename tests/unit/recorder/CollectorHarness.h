// Drives one collector against a /proc and /sys tree in a temporary directory, the way the
// recorder does: open, then samples with a given interval, reading back the row's values.
#pragma once

#include "Collector.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <string>

class CollectorHarness
{
public:
    CollectorHarness()
    {
        paths.procRoot = (m_root.path() + QStringLiteral("/proc")).toStdString();
        paths.sysRoot = (m_root.path() + QStringLiteral("/sys")).toStdString();
        paths.bootRoot = (m_root.path() + QStringLiteral("/boot")).toStdString();
        QDir(m_root.path()).mkpath(QStringLiteral("proc"));
        QDir(m_root.path()).mkpath(QStringLiteral("sys"));
        QDir(m_root.path()).mkpath(QStringLiteral("boot"));
    }

    // Writes a file under the tree (relative, e.g. "proc/stat") in place: the inode stays the same,
    // as with a real /proc file, so a collector holding the file open sees the new content.
    void write(const QString& relative, const QByteArray& content)
    {
        const QString path = m_root.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadWrite | QIODevice::Truncate), qPrintable(path));
        file.write(content);
    }

    // Copies a captured fixture file (tests/fixtures/...) into the tree.
    void copyFixture(const QString& fixture, const QString& relative)
    {
        QFile source(QStringLiteral(RUNLENS_FIXTURES "/") + fixture);
        QVERIFY2(source.open(QIODevice::ReadOnly), qPrintable(source.fileName()));
        write(relative, source.readAll());
    }

    void remove(const QString& relative) { QFile::remove(m_root.filePath(relative)); }
    QString root() const { return m_root.path(); }

    std::string open(runlens::collect::Collector& collector)
    {
        group = runlens::collect::MetricGroup(std::string(collector.name()));
        return collector.open(paths, catalog);
    }

    // One sample, elapsedSeconds after the previous one (0 for the first).
    void sample(runlens::collect::Collector& collector, double elapsedSeconds)
    {
        m_timestampNs += std::int64_t(elapsedSeconds * 1e9);
        runlens::collect::SampleContext context{m_timestampNs, elapsedSeconds, catalog, warnings};
        group.startRow();
        collector.sample(context, group);
    }

    bool has(const char* metric, const char* instance = "") const
    {
        for (const auto& key : group.keys()) {
            if (key.metric == metric && key.instance == instance)
                return true;
        }
        return false;
    }

    // The value of metric × instance in the last row; fails the test if the column does not exist.
    double value(const char* metric, const char* instance = "")
    {
        for (std::size_t i = 0; i < group.keys().size(); ++i) {
            if (group.keys()[i].metric == metric && group.keys()[i].instance == instance)
                return group.row()[i];
        }
        QTest::qFail(qPrintable(QStringLiteral("no column %1 [%2]").arg(QLatin1String(metric), QLatin1String(instance))),
                     __FILE__, __LINE__);
        return std::nan("");
    }

    runlens::collect::HostPaths paths;
    runlens::collect::MetricCatalog catalog;
    runlens::collect::Warnings warnings;
    runlens::collect::MetricGroup group{"unnamed"};

private:
    QTemporaryDir m_root;
    std::int64_t m_timestampNs = 0;
};

// QCOMPARE for doubles with a tolerance, for rates and percentages.
#define COMPARE_NEAR(actual, expected, tolerance)                                                                  \
    do {                                                                                                           \
        const double a_ = (actual);                                                                                \
        const double e_ = (expected);                                                                              \
        QVERIFY2(std::fabs(a_ - e_) <= (tolerance),                                                                \
                 qPrintable(QStringLiteral("%1 is %2, expected %3").arg(QLatin1String(#actual)).arg(a_, 0, 'g', 12).arg(e_, 0, 'g', 12))); \
    } while (false)

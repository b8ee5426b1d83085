#include "RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

RecentFiles::RecentFiles(QString settingsKey, int capacity, QObject* parent)
    : QObject(parent)
    , m_settingsKey(std::move(settingsKey))
    , m_capacity(qMax(1, capacity))
{
    const QStringList stored = QSettings().value(m_settingsKey).toStringList();
    for (const QString& path : stored) {
        if (!path.isEmpty() && !m_files.contains(path) && m_files.size() < m_capacity)
            m_files.append(path);
    }
}

void RecentFiles::add(const QString& path)
{
    // Store absolute paths: the list outlives the working directory the app was started in.
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!m_files.isEmpty() && m_files.first() == absolute)
        return;
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > m_capacity)
        m_files.removeLast();
    save();
    emit changed();
}

void RecentFiles::remove(const QString& path)
{
    if (m_files.removeAll(QFileInfo(path).absoluteFilePath()) == 0 && m_files.removeAll(path) == 0)
        return;
    save();
    emit changed();
}

void RecentFiles::clear()
{
    if (m_files.isEmpty())
        return;
    m_files.clear();
    save();
    emit changed();
}

void RecentFiles::save() const
{
    QSettings().setValue(m_settingsKey, m_files);
}

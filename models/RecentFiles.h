// The list of recently opened run archives, newest first, kept in the application settings.
#pragma once

#include <QObject>
#include <QStringList>

class RecentFiles : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultCapacity = 10;

    // settingsKey names the QSettings array the list lives in, so tests can use their own.
    explicit RecentFiles(QString settingsKey = QStringLiteral("recentFiles"), int capacity = kDefaultCapacity,
                         QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    int capacity() const { return m_capacity; }

    // Moves path to the front (adding it if new) and drops the oldest entries beyond capacity.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void save() const;

    QString m_settingsKey;
    int m_capacity;
    QStringList m_files;
};

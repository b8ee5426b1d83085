#include "DemoRuns.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace DemoRuns {

QStringList files()
{
    const QString directory = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/demo");
    QStringList files;
    for (const char* name : {"demo-baseline.tar.gz", "demo-tuned.tar.gz"}) {
        const QString resource = QStringLiteral(":/demo/") + QLatin1String(name);
        if (!QFile::exists(resource))
            return {};
        const QString target = directory + QLatin1Char('/') + QLatin1String(name);
        if (!QFile::exists(target) || QFileInfo(target).size() != QFileInfo(resource).size()) {
            QDir().mkpath(directory);
            QFile::remove(target);
            if (!QFile::copy(resource, target))
                return {};
            QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
        }
        files.append(target);
    }
    return files;
}

} // namespace DemoRuns

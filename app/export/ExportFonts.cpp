#include "ExportFonts.h"

#include <QFontDatabase>
#include <QGuiApplication>

namespace ExportFonts {

QString family()
{
    static const QString loaded = [] {
        QString name;
        for (const char* path : {":/fonts/DejaVuSans.ttf", ":/fonts/DejaVuSans-Bold.ttf"}) {
            const int id = QFontDatabase::addApplicationFont(QString::fromLatin1(path));
            if (id >= 0 && name.isEmpty() && !QFontDatabase::applicationFontFamilies(id).isEmpty())
                name = QFontDatabase::applicationFontFamilies(id).front();
        }
        return name;
    }();
    return loaded.isEmpty() ? QGuiApplication::font().family() : loaded;
}

} // namespace ExportFonts

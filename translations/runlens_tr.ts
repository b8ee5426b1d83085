<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation>Runlens, runlens-rec ile kaydedilen performans çalıştırmalarını açar ve karşılaştırır: zaman serisi grafikleri, alev grafikleri ve referans çalıştırma ile diğer çalıştırmalar arasındaki özet farklar.</translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation>Birlikte gelen demo çalıştırmalarını aç.</translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation>Açılacak çalıştırma arşivleri (.tar.gz).</translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation>Seçenekler için &apos;runlens --help&apos; komutunu çalıştırın.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Recording on a remote host over SSH is not available in this version yet.</source>
        <translation>SSH üzerinden uzak bir ana makinede kayıt yapma bu sürümde henüz kullanılamıyor.</translation>
    </message>
    <message>
        <source>This build has no demo runs bundled yet.</source>
        <translation>Bu derlemede henüz demo çalıştırmaları bulunmuyor.</translation>
    </message>
    <message>
        <source>Open run archives or drop them here to compare them.</source>
        <translation>Karşılaştırmak için çalıştırma arşivlerini açın veya buraya bırakın.</translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation>Çalıştırmaları &amp;Aç…</translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation>Bir veya daha fazla çalıştırma arşivi aç</translation>
    </message>
    <message>
        <source>&amp;Close All</source>
        <translation>&amp;Tümünü Kapat</translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation>Açık tüm çalıştırmaları kapat ve karşılama sayfasına dön</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>&amp;Karşılama Sayfası</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>&amp;Tam Ekran</translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation>&amp;Durum Çubuğunu Göster</translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation>Runlens &amp;Hakkında</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>&amp;Qt Hakkında</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Son Açılanlar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Yardım</translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation>Son açılan çalıştırma arşivi yok</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>Son Açılanları Temizle</translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation>Çalıştırma Arşivlerini Aç</translation>
    </message>
    <message>
        <source>Run archives (*.tar.gz *.tgz);;All files (*)</source>
        <translation>Çalıştırma arşivleri (*.tar.gz *.tgz);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation>%1 mevcut değil. Yolu kontrol edin veya Son Açılanlar listesinden kaldırın.</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation>%1 bir dosya değil. Bir çalıştırma arşivi (.tar.gz) seçin.</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation>%1 okunamıyor: izin reddedildi. Dosyanın izinlerini kontrol edin.</translation>
    </message>
    <message numerus="yes">
        <source>%n run archive(s) selected.</source>
        <translation>
            <numerusform>%n çalıştırma arşivi seçildi.</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation>Bazı dosyalar açılamadı</translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation>Tüm çalıştırmalar kapatıldı.</translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation>Runlens Hakkında</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Bir iş yükü çalışırken ana makineyi kaydedin, ardından referans ve ayarlanmış çalıştırmaları yan yana karşılaştırın: sistem metrikleri, CPU sayaçları ve alev grafikleri.&lt;/p&gt;&lt;p&gt;Kayıtlar, test edilen ana makinede &lt;code&gt;runlens-rec&lt;/code&gt; ile yapılır.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Record a host while your workload runs, then compare a baseline run with a tuned run metric by metric: CPU states, memory, interrupts, disks, network, CPU counters and flame graphs.</source>
        <translation>İş yükünüz çalışırken ana makineyi kaydedin, ardından referans çalıştırmayı ayarlanmış çalıştırmayla metrik metrik karşılaştırın: CPU durumları, bellek, kesmeler, diskler, ağ, CPU sayaçları ve alev grafikleri.</translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation>Çalıştırma Arşivlerini Aç…</translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation>runlens-rec ile kaydedilen veya iş arkadaşlarınızın gönderdiği .tar.gz çalıştırmalarını açın. Bunları bu pencereye de bırakabilirsiniz.</translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation>Bir Ana Makineye Bağlan…</translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation>SSH üzerinden bir EC2 örneğinde veya herhangi bir Linux ana makinesinde kayıt başlatın ve tamamlandığında çalıştırmayı açın.</translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation>Demo Çalıştırmalarını Aç</translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation>Bir karşılaştırmanın nasıl göründüğünü görmek için küçük bir iş yükünün referans ve ayarlanmış çalıştırmaları.</translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation>Son açılan çalıştırma arşivleri</translation>
    </message>
</context>
</TS>

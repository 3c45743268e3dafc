import { lazy, Suspense, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, NavLink, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { expoApi, setApiLang, setUnauthorizedHandler, visitorToken } from './api.ts';
import { SiteContext, useLoad, useSite, type ExpoSite } from './hooks.ts';
import { expoI18n, type ExpoLang } from './i18n.ts';
import { nameIn } from './format.ts';
import { SupplyNavLink } from './matching/SupplyParts.tsx';
import { ConsultNavLink } from './matching/ConsultParts.tsx';

const Home = lazy(() => import('./pages/Home.tsx'));
const Directory = lazy(() => import('./pages/Directory.tsx'));
const Booth = lazy(() => import('./pages/Booth.tsx'));
const Product = lazy(() => import('./pages/Product.tsx'));
const Register = lazy(() => import('./pages/Register.tsx'));
const Login = lazy(() => import('./pages/Login.tsx'));
const Ticket = lazy(() => import('./pages/Ticket.tsx'));
const Activities = lazy(() => import('./pages/Activities.tsx'));
const Activity = lazy(() => import('./pages/Activity.tsx'));
const MyActivities = lazy(() => import('./pages/MyActivities.tsx'));
const AppointmentMine = lazy(() => import('./matching/AppointmentMine.tsx'));
const LiveRooms = lazy(() => import('./pages/LiveRooms.tsx'));
const LiveRoom = lazy(() => import('./pages/LiveRoom.tsx'));
const EnquiryMine = lazy(() => import('./matching/EnquiryMine.tsx'));
const SupplyDemand = lazy(() => import('./pages/SupplyDemand.tsx'));
const SupplyDemandPost = lazy(() => import('./pages/SupplyDemandPost.tsx'));
const Consult = lazy(() => import('./pages/Consult.tsx'));
const ConsultMine = lazy(() => import('./matching/ConsultMine.tsx'));
const Topics = lazy(() => import('./zones/Topics.tsx'));
const Topic = lazy(() => import('./zones/Topic.tsx'));

/** The public site (docs/visitor-site.md): /expo/{id}/… in Chinese, /expo-en/{id}/… in English, the same pages. */
export function ExpoApp() {
  return (
    <I18nextProvider i18n={expoI18n}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </I18nextProvider>
  );
}

export function SiteRoutes() {
  return (
    <Routes>
      <Route path="/expo/:exhibitionId/*" element={<Site lang="zh-CN" />} />
      <Route path="/expo-en/:exhibitionId/*" element={<Site lang="en" />} />
      <Route path="*" element={<Missing />} />
    </Routes>
  );
}

function Site({ lang }: { lang: ExpoLang }) {
  const { exhibitionId = '' } = useParams();
  const navigate = useNavigate();
  if (expoI18n.language !== lang) void expoI18n.changeLanguage(lang);
  setApiLang(lang);
  const prefix = `${lang === 'en' ? '/expo-en' : '/expo'}/${exhibitionId}`;
  const home = useLoad(() => expoApi.home(exhibitionId), [exhibitionId, lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
    setUnauthorizedHandler(() => navigate(`${prefix}/login`, { replace: true }));
  }, [lang, navigate, prefix]);
  const site = useMemo<ExpoSite>(() => ({ exhibitionId, lang, visitorLang: lang === 'en' ? 'en' : 'zh', prefix, home: home.data, homeError: home.error, reloadHome: home.reload }), [exhibitionId, lang, prefix, home.data, home.error, home.reload]);
  useEffect(() => {
    if (home.data) document.title = nameIn(lang, home.data);
  }, [home.data, lang]);
  return (
    <SiteContext.Provider value={site}>
      <Frame>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<Home />} />
            <Route path="home" element={<Home />} />
            <Route path="exhibitors" element={<Directory />} />
            <Route path="exhibitors/:exhibitorId" element={<Booth />} />
            <Route path="products/:productId" element={<Product />} />
            <Route path="register" element={<Register />} />
            <Route path="login" element={<Login />} />
            <Route path="ticket" element={<Ticket />} />
            <Route path="activities" element={<Activities />} />
            <Route path="activities/:activityId" element={<Activity />} />
            <Route path="my/activities" element={<MyActivities />} />
            <Route path="me/appointments" element={<AppointmentMine />} />
            <Route path="live" element={<LiveRooms />} />
            <Route path="live/:roomId" element={<LiveRoom />} />
            <Route path="me/enquiries" element={<EnquiryMine />} />
            <Route path="business" element={<SupplyDemand />} />
            <Route path="business/:postId" element={<SupplyDemandPost />} />
            <Route path="consult" element={<Consult />} />
            <Route path="me/consults" element={<ConsultMine />} />
            <Route path="topics" element={<Topics />} />
            <Route path="topics/:topicId" element={<Topic />} />
            <Route path="*" element={<Missing />} />
          </Routes>
        </Suspense>
      </Frame>
    </SiteContext.Provider>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('expo');
  const { prefix, lang, home, exhibitionId } = useSite();
  const location = useLocation();
  const rest = location.pathname.slice(prefix.length);
  const other = `${lang === 'en' ? '/expo' : '/expo-en'}/${exhibitionId}${rest}${location.search}`;
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  return (
    <div className="site">
      <a className="skip" href="#main">
        {t('site.skip')}
      </a>
      <header className="site-header">
        <Link to={prefix} className="site-name">
          {home?.logo ? <img src={home.logo} alt="" width={28} height={28} /> : null}
          <span>{home ? nameIn(lang, home) : '\u00a0'}</span>
        </Link>
        <a href={other} className="lang-switch" lang={lang === 'en' ? 'zh-CN' : 'en'}>
          {t('site.switchLanguage')}
        </a>
      </header>
      <nav className="site-nav" aria-label={t('site.nav')}>
        <NavLink to={prefix} end>
          {t('nav.home')}
        </NavLink>
        <NavLink to={`${prefix}/exhibitors`}>{t('nav.exhibitors')}</NavLink>
        <NavLink to={`${prefix}/activities`}>{t('nav.activities')}</NavLink>
        <NavLink to={`${prefix}/live`}>{t('nav.live')}</NavLink>
        <SupplyNavLink />
        <ConsultNavLink />
        {signedIn ? <NavLink to={`${prefix}/ticket`}>{t('nav.ticket')}</NavLink> : <NavLink to={`${prefix}/register`}>{t('nav.register')}</NavLink>}
        {signedIn ? <NavLink to={`${prefix}/my/activities`}>{t('nav.myActivities')}</NavLink> : null}
        {signedIn && home?.features.includes('enquiry') ? <NavLink to={`${prefix}/me/enquiries`}>{t('enquiry.mine')}</NavLink> : null}
        {signedIn && home?.features.includes('appointment') ? <NavLink to={`${prefix}/me/appointments`}>{t('appointment.mine')}</NavLink> : null}
        {signedIn ? <NavLink to={`${prefix}/me/consults`}>{t('consult.mine')}</NavLink> : null}
        {signedIn ? null : <NavLink to={`${prefix}/login`}>{t('nav.login')}</NavLink>}
      </nav>
      <main id="main" className="site-main">
        {children}
      </main>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('expo');
  return (
    <p className="status" role="status">
      {t('common.loading')}
    </p>
  );
}

export function Failed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('expo');
  return (
    <div className="status" role="alert">
      <p>{t('common.loadFailed')}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Missing() {
  const { t } = useTranslation('expo');
  return (
    <p className="status" role="alert">
      {t('common.notFound')}
    </p>
  );
}

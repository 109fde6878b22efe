/**
 * Sign-in by one-time code (spec 4): phone, then the code sent by SMS (locally: the development inbox), then the
 * staff home or the path the visitor wanted (`?to=`). A resend timer counts mm:ss; the number can be changed.
 */
import { useIsAuthenticated, useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Logo } from '../components/Logo';
import { PRODUCT_NAME, usePageTitle } from '../hooks/usePageTitle';
import { sendCode } from '../providers/auth';

function mmss(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const [params] = useSearchParams();
  const to = params.get('to') ?? undefined;
  const { data: auth } = useIsAuthenticated();
  const { mutate: login, isPending: signingIn } = useLogin<{ phone: string; otp: string; to?: string }>();
  const [phone, setPhone] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [info, setInfo] = useState<string | undefined>();
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return undefined;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  if (auth?.authenticated) return <Navigate to={to && to.startsWith('/') ? to : '/'} replace />;

  const requestCode = async (value: string) => {
    setSending(true);
    setError(undefined);
    try {
      const answer = await sendCode({ phone: value });
      setPhone(value);
      setInfo(answer.message);
      setResendIn(answer.resendAfterSeconds ?? 60);
    } catch (e) {
      setError((e as { message?: string }).message ?? t('errors.unknown'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitcher />
      </div>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Space align="center" style={{ marginBottom: 16 }}>
          <Logo />
          <Typography.Text strong>{PRODUCT_NAME}</Typography.Text>
        </Space>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
        {!phone ? (
          <Form layout="vertical" onFinish={(v: { phone: string }) => void requestCode(v.phone)} requiredMark={false}>
            <Form.Item name="phone" label={t('login.phone')} rules={[{ required: true, message: t('login.phoneRequired') }]}>
              <Input inputMode="tel" autoComplete="tel" placeholder="+7 700 000 00 00" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={sending}>
              {t('login.sendCode')}
            </Button>
          </Form>
        ) : (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(v: { otp: string }) => {
              setError(undefined);
              login({ phone, otp: v.otp, to }, { onSuccess: (r) => !r.success && setError(r.error?.message) });
            }}
          >
            {info ? <Typography.Paragraph type="secondary">{info}</Typography.Paragraph> : null}
            <Form.Item name="otp" label={t('login.code')} rules={[{ required: true, message: t('login.codeRequired') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={signingIn}>
              {t('login.signIn')}
            </Button>
            <Space style={{ marginTop: 12, justifyContent: 'space-between', width: '100%' }}>
              <Button type="link" onClick={() => setPhone(undefined)} style={{ padding: 0 }}>
                {t('login.changeNumber')}
              </Button>
              <Button type="link" disabled={resendIn > 0} onClick={() => void requestCode(phone)} style={{ padding: 0 }}>
                {resendIn > 0 ? t('login.resendIn', { time: mmss(resendIn) }) : t('login.resend')}
              </Button>
            </Space>
          </Form>
        )}
      </Card>
    </Layout>
  );
}

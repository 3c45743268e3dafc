import { setPasswordBody, updateHostPhoneBody } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hostAdminApi, hostKeys, useHost } from '../../api/host.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { hostFields, updateHostBody } from './hostResource.tsx';

/** /admin/adminHostEdit?id: the host's details, its owner login's password, its contact phone. */
export default function AdminHostEdit() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const host = useHost(id);
  const queryClient = useQueryClient();
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: hostKeys.all });
    feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
  };
  if (!id) return <Alert type="warning" title={t('common.missingId')} />;
  if (!host.data) return <Skeleton active />;
  const h = host.data;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Card variant="borderless" title={t('host.details')}>
          <ResourceForm
            name="host-edit"
            fields={hostFields.filter((f) => f.name !== 'phoneNumber')}
            schema={updateHostBody}
            initialValues={h}
            onSubmit={async (payload) => {
              await hostAdminApi.update(h.id, payload);
              await saved();
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card variant="borderless" title={t('host.setPassword')} style={{ marginBottom: 24 }}>
          {h.ownerUserId ? (
            <ResourceForm
              name="host-password"
              fields={[{ name: 'password', label: 'host.password', type: 'password' }]}
              schema={setPasswordBody}
              hidden={{ userId: h.ownerUserId }}
              onSubmit={async (payload) => {
                await hostAdminApi.setPassword(payload.userId, payload.password);
                await saved();
              }}
            />
          ) : (
            <Alert type="info" title={t('host.noOwner')} />
          )}
        </Card>
        <Card variant="borderless" title={t('host.setPhone')}>
          <ResourceForm
            name="host-phone"
            fields={[{ name: 'phoneNumber', label: 'host.phoneNumber', type: 'phone' }]}
            schema={updateHostPhoneBody}
            initialValues={{ phoneNumber: h.phoneNumber }}
            onSubmit={async (payload) => {
              await hostAdminApi.setPhone(h.id, payload.phoneNumber);
              await saved();
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}

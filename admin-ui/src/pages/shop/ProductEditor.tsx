/**
 * The product editor (create and edit): names and descriptions in kk/ru/en, category, prices in tenge, ZP and Altyn
 * Saqa, stock, on sale or not, images (several, uploaded through POST /api/upload-image, the first is the cover,
 * reorderable), and the specification rows (key and value in three languages, saved through the specs resource).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useGo } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Image, Input, InputNumber, Row, Select, Space, Switch, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageReply, ShopProductDetail } from '@olymp/proto';
import { API_URL, http, toApiError } from '../../api/http';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import type { PageProps } from '../registry';
import { productBody, rowsOf, specChanges, type ProductForm, type SpecRow } from './logic';

interface ProductRecord extends ProductForm {
  id: string;
  images: string[];
  sold: number;
}

interface CategoryRecord {
  id: string;
  parentId: string | null;
  nameKk: string;
  nameRu: string;
  nameEn: string;
}

const LANGS = ['Kk', 'Ru', 'En'] as const;
const EMPTY_SPEC: SpecRow = { keyKk: '', keyRu: '', keyEn: '', valueKk: '', valueRu: '', valueEn: '' };
const imageSrc = (name: string) => (name.startsWith('/') ? name : `${API_URL}/upload-image/${name}`);

export default function ProductEditor({ id }: PageProps) {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const go = useGo();
  const send = useSend();
  const editing = Boolean(id);
  const [form] = Form.useForm<ProductForm>();
  const product = useApi<ProductRecord>(`products/${id}`, {}, editing);
  // Specs have no index: an existing product's rows come with its public page (only while it is on sale).
  const publicProduct = useApi<{ data: ShopProductDetail }>(`shop/products/${id}`, {}, editing);
  const categories = useApi<CategoryRecord[] | { data: CategoryRecord[] }>('categories', { limit: 1000 });
  const [images, setImages] = useState<string[]>([]);
  const [specs, setSpecs] = useState<SpecRow[]>([]);
  const [loadedSpecs, setLoadedSpecs] = useState<SpecRow[]>([]);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(editing ? t('product.editTitle') : t('product.createTitle'));

  useEffect(() => {
    if (!product.data) return;
    form.setFieldsValue(product.data);
    setImages(product.data.images ?? []);
  }, [product.data, form]);

  useEffect(() => {
    const rows = publicProduct.data?.data.specs.map((s) => ({
      id: s.id,
      keyKk: s.key.kk,
      keyRu: s.key.ru,
      keyEn: s.key.en,
      valueKk: s.value.kk,
      valueRu: s.value.ru,
      valueEn: s.value.en,
    }));
    if (rows) {
      setSpecs(rows);
      setLoadedSpecs(rows);
    }
  }, [publicProduct.data]);

  const categoryOptions = useMemo(() => {
    const all = categories.data ? rowsOf(categories.data) : [];
    const cap = (locale.charAt(0).toUpperCase() + locale.slice(1)) as 'Kk' | 'Ru' | 'En';
    return all.map((c) => ({ value: c.id, label: c[`name${cap}`] || c.nameKk }));
  }, [categories.data, locale]);

  const specsUnknown = editing && publicProduct.isError;

  const upload = async (file: Blob) => {
    setUploading((n) => n + 1);
    try {
      const body = new FormData();
      body.append('image', file);
      const answer = (await http.post<ImageReply>(`${API_URL}/upload-image`, body)).data;
      setImages((list) => [...list, answer.data.filename]);
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const moveImage = (from: number, to: number) =>
    setImages((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item as string);
      return next;
    });

  const save = async (values: ProductForm) => {
    setSaving(true);
    setError(null);
    try {
      const body = productBody(values, images);
      const saved = await send(() => (editing ? apiSend<ProductRecord>('put', `products/${id}`, body) : apiSend<ProductRecord>('post', 'products', body)), t('product.saved'));
      if (!specsUnknown) {
        const changes = specChanges(loadedSpecs, specs.filter((s) => [s.keyKk, s.keyRu, s.keyEn, s.valueKk, s.valueRu, s.valueEn].some((v) => v.trim())));
        for (const spec of changes.destroy) await apiSend('delete', `specs/${spec}`);
        for (const u of changes.update) await apiSend('put', `specs/${u.id}`, u.body);
        for (const s of changes.store) await apiSend('post', 'specs', { ...s, productId: saved.id });
      }
      go({ to: '/shop/products' });
    } catch (e) {
      const failure = toApiError(e);
      if (failure.errors) form.setFields(Object.entries(failure.errors).map(([name, errors]) => ({ name: name as keyof ProductForm, errors: errors as string[] })));
      setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => go({ to: '/shop/products' })}>{t('common:buttons.back')}</Button>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {editing ? t('product.editTitle') : t('product.createTitle')}
      </Typography.Title>
      {product.isError ? <Alert type="error" showIcon message={toApiError(product.error).message} /> : null}
      <Form<ProductForm> form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ active: true, stock: 0 }} disabled={editing && product.isLoading}>
        <Card title={t('product.names')} size="small">
          <Row gutter={16}>
            {LANGS.map((l) => (
              <Col xs={24} md={8} key={l}>
                <Form.Item name={`name${l}`} label={t('product.name', { lang: t(`common:languages.${l.toLowerCase()}`) })} rules={[{ required: true, whitespace: true, message: t('product.required') }]}>
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={`description${l}`} label={t('product.description', { lang: t(`common:languages.${l.toLowerCase()}`) })}>
                  <Input.TextArea rows={3} maxLength={5000} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card title={t('product.sale')} size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="categoryId" label={t('product.category')}>
                <Select allowClear showSearch optionFilterProp="label" options={categoryOptions} loading={categories.isLoading} placeholder={t('product.noCategory')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="stock" label={t('product.stock')} rules={[{ required: true, message: t('product.required') }]}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="active" label={t('product.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="priceZp" label={t('product.priceZp')}>
                <InputNumber min={1} max={100_000_000} precision={0} style={{ width: '100%' }} addonAfter="ZP" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="priceAltynSaqa" label={t('product.priceAltynSaqa')}>
                <InputNumber min={1} max={100_000_000} precision={0} style={{ width: '100%' }} addonAfter="Altyn Saqa" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="priceTenge" label={t('product.priceTenge')}>
                <InputNumber min={1} max={100_000_000} precision={0} style={{ width: '100%' }} addonAfter="₸" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('product.priceHint')}</Typography.Text>
        </Card>
        <Card title={t('product.images')} size="small" style={{ marginTop: 16 }}>
          <Space wrap align="start">
            {images.map((name, i) => (
              <Card key={name} size="small" style={{ width: 150 }} bodyStyle={{ padding: 8 }} data-testid="product-image">
                <Image src={imageSrc(name)} width={132} height={132} style={{ objectFit: 'cover' }} alt="" />
                <Space style={{ marginTop: 4 }}>
                  {i === 0 ? <Tag color="gold">{t('product.cover')}</Tag> : null}
                  <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('product.imageEarlier')} disabled={i === 0} onClick={() => moveImage(i, i - 1)} />
                  <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('product.imageLater')} disabled={i === images.length - 1} onClick={() => moveImage(i, i + 1)} />
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('product.imageRemove')} onClick={() => setImages((list) => list.filter((x) => x !== name))} />
                </Space>
              </Card>
            ))}
          </Space>
          <div style={{ marginTop: 8 }}>
            <Upload
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              showUploadList={false}
              disabled={images.length >= 10}
              customRequest={({ file, onSuccess }) => {
                void upload(file as Blob).then(() => onSuccess?.({}));
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={images.length >= 10}>
                {t('product.addImages')}
              </Button>
            </Upload>
            <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
              {t('product.imagesHint')}
            </Typography.Paragraph>
          </div>
        </Card>
        <Card title={t('product.specs')} size="small" style={{ marginTop: 16 }}>
          {specsUnknown ? (
            <Alert type="info" showIcon message={t('product.specsInactive')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              {specs.map((row, i) => (
                <Card key={row.id ?? `new-${i}`} size="small" data-testid="spec-row">
                  <Row gutter={8}>
                    {LANGS.map((l) => (
                      <Col xs={24} md={8} key={l}>
                        <Space.Compact style={{ width: '100%' }}>
                          <Input
                            aria-label={t('product.specKey', { lang: l.toLowerCase() })}
                            placeholder={t('product.specKey', { lang: l.toLowerCase() })}
                            value={row[`key${l}`]}
                            maxLength={100}
                            onChange={(e) => setSpecs((list) => list.map((r, j) => (j === i ? { ...r, [`key${l}`]: e.target.value } : r)))}
                          />
                          <Input
                            aria-label={t('product.specValue', { lang: l.toLowerCase() })}
                            placeholder={t('product.specValue', { lang: l.toLowerCase() })}
                            value={row[`value${l}`]}
                            maxLength={300}
                            onChange={(e) => setSpecs((list) => list.map((r, j) => (j === i ? { ...r, [`value${l}`]: e.target.value } : r)))}
                          />
                        </Space.Compact>
                      </Col>
                    ))}
                  </Row>
                  <Button size="small" danger type="link" icon={<DeleteOutlined />} onClick={() => setSpecs((list) => list.filter((_, j) => j !== i))}>
                    {t('product.specRemove')}
                  </Button>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => setSpecs((list) => [...list, { ...EMPTY_SPEC }])}>
                {t('product.specAdd')}
              </Button>
            </Space>
          )}
        </Card>
        {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading > 0} style={{ marginTop: 16 }}>
          {t('common:buttons.save')}
        </Button>
      </Form>
    </Space>
  );
}

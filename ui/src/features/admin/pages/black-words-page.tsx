import { App, Button, Input, Popconfirm, Segmented, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { addBlackWord, blackWords, can, removeBlackWord } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';

/** /admin/black-words: the list that jobs and tags are checked against; add and remove. */
export default function BlackWordsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.blackWords.title'));
  const { message } = App.useApp();
  const [shown, setShown] = useState<'' | 'money'>('');
  const { data: words = [], busy, reload: load } = useServerData(() => blackWords(shown), [shown], { onError: (e) => message.error(t(errorKey(e))) });
  const [word, setWord] = useState('');
  const [category, setCategory] = useState<'' | 'money'>('');
  const write = can(useAdmin((s) => s.admin)?.role, 'blackWordWrite');

  const change = async (run: () => Promise<unknown>) => {
    try {
      await run();
      message.success(t('admin.common.done'));
      await load();
      return true;
    } catch (e) {
      message.error(t(errorKey(e)));
      return false;
    }
  };

  return (
    <>
      <h1>{t('admin.blackWords.title')}</h1>
      <div className="admin-card">
        <p>{t('admin.blackWords.help')}</p>
        {write && (
          <form
            className="admin-toolbar"
            onSubmit={async (e) => {
              e.preventDefault();
              const w = word.trim();
              if (w && (await change(() => addBlackWord(w, category)))) setWord('');
            }}
          >
            <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
              <Select<'' | 'money'>
                aria-label={t('admin.blackWords.category')}
                value={category}
                onChange={setCategory}
                options={[
                  { value: '', label: t('admin.blackWords.general') },
                  { value: 'money', label: t('admin.blackWords.money') },
                ]}
                style={{ width: 110, flex: 'none' }}
              />
              <Input
                aria-label={t('admin.blackWords.word')}
                placeholder={t('admin.blackWords.placeholder')}
                value={word}
                onChange={(e) => setWord(e.target.value)}
                maxLength={20}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button type="primary" htmlType="submit" disabled={!word.trim()}>
                {t('admin.blackWords.add')}
              </Button>
            </Space.Compact>
          </form>
        )}
        <p>{t('admin.blackWords.moneyHelp')}</p>
        <Segmented<'' | 'money'>
          aria-label={t('admin.blackWords.category')}
          value={shown}
          onChange={setShown}
          options={[
            { value: '', label: t('admin.blackWords.all') },
            { value: 'money', label: t('admin.blackWords.money') },
          ]}
          style={{ marginBottom: 12 }}
        />
        <TableScroll label={t('admin.blackWords.title')}>
          <Table<{ word: string }>
            rowKey="word"
            loading={busy}
            dataSource={words.map((w) => ({ word: w }))}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.blackWords.word'), dataIndex: 'word' },
              ...(write
                ? [
                    {
                      title: t('admin.common.actions'),
                      key: 'actions',
                      width: 120,
                      render: (_: unknown, r: { word: string }) => (
                        <Popconfirm
                          title={t('admin.blackWords.removeConfirm', { word: r.word })}
                          okText={t('admin.common.ok')}
                          cancelText={t('admin.common.cancel')}
                          onConfirm={() => change(() => removeBlackWord(r.word))}
                        >
                          <Button size="small" danger>
                            {t('admin.blackWords.remove')}
                          </Button>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </TableScroll>
      </div>
    </>
  );
}

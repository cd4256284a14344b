// /app/news/edit: the latest news in the html editor; Update saves it and goes home.
import { Button, Group, Stack } from '@mantine/core';
import { NEWS_SAVED_NOTE, ZNewsUpdate, type TNews } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { RichTextEditor } from '../rich-text';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { useLastNews, useSaveNews } from './api';

export function NewsEditPage() {
  const news = useLastNews();
  return (
    <Page title="Edit News">
      {news.isPending ? <Loading /> : news.data ? <NewsForm news={news.data} /> : null}
    </Page>
  );
}

function NewsForm({ news }: { news: TNews }) {
  const save = useSaveNews();
  const form = useForm({
    schema: ZNewsUpdate,
    initialValues: { html: news.html },
    save: (data) => save.mutateAsync(data),
    success: NEWS_SAVED_NOTE,
    navigateTo: '/app/home',
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        {/* The editor has no error slot of its own: its message joins the banner. */}
        <FormErrorBanner message={form.formError ?? form.errors.html} />
        <RichTextEditor
          label="News"
          value={form.values.html}
          onChange={(html) => form.setFieldValue('html', html)}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

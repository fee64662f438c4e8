// A pet's photos in the dashboard: three added with the file picker and one dropped,
// each upload with its progress and, for a file that is no image, its reason; reordered
// from the keyboard; one made the cover, and the list showing it; a viewer sees the
// photos without the controls. The gallery passes axe and is photographed (inspectPage).
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

const photoOf = (colour: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The photo ids in the order the gallery shows them. */
async function shownOrder(page: Page): Promise<number[]> {
  const sources = await page
    .getByTestId('pet-photo')
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  return sources.map((source) => Number(/\/v1\/photos\/(\d+)\//.exec(source)![1]));
}

async function dropFile(page: Page, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return transfer;
    },
    { ...file, bytes: [...file.bytes] },
  );
  await page.getByTestId('photo-drop-zone').dispatchEvent('drop', { dataTransfer });
}

test.describe('as the admin', () => {
  test.use({ storageState: STORAGE_STATE });

  test('adds photos by picker and by drop, reorders them from the keyboard, makes a cover the list shows', async ({ page }) => {
    const client = apiClient();
    const pet = await client.createPet({ name: `Photogenic ${Date.now()}`, categoryId: 3, status: 'available' });
    await page.goto(`/pets/${pet.id}`);
    const gallery = page.getByRole('region', { name: /^Photos/ });
    await expect(gallery.getByText('No photos yet')).toBeVisible();

    await gallery.getByLabel('Choose photos to add').setInputFiles([
      { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photoOf('red') },
      { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photoOf('green', 600, 800) },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await photoOf('blue') },
    ]);
    await expect(gallery.getByTestId('pet-photo')).toHaveCount(3);
    await dropFile(page, {
      name: 'dropped.png',
      type: 'image/png',
      bytes: await sharp({ create: { width: 500, height: 500, channels: 3, background: 'gold' } })
        .png()
        .toBuffer(),
    });
    await dropFile(page, { name: 'notes.png', type: 'image/png', bytes: Buffer.from('these are my notes, not a picture') });
    await expect(gallery.getByTestId('pet-photo')).toHaveCount(4);
    const refusal = gallery.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'notes.png' });
    await expect(refusal.getByRole('alert')).toHaveText(/not an image that can be read\. Send a photo as JPEG, PNG, WebP or AVIF/);
    await expect(gallery.getByText('4 of 20')).toBeVisible();
    await inspectPage(page, 'pet-gallery');
    await refusal.getByRole('button', { name: 'Dismiss notes.png' }).click();
    await expect(refusal).toHaveCount(0);

    const added = (await client.listPetPhotos(pet.id)).map((photo) => photo.id);
    expect(await shownOrder(page)).toEqual(added);

    // The first photo, two places later from the keyboard; the focus stays on its handle. The
    // first move's request is held back 1 s, so that a second one sent beside it would land first.
    const moves = { sent: 0, answered: 0 };
    const movesUrl = `**/v1/pets/${pet.id}/photos/*`;
    await page.route(movesUrl, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      if (++moves.sent === 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response: await route.fetch() });
      moves.answered += 1;
    });
    const handle = gallery.getByRole('button', { name: /^Move photo 1 of 4/ });
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('button', { name: /^Move photo 2 of 4/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('button', { name: /^Move photo 3 of 4/ })).toBeFocused();
    const reordered = [added[1]!, added[2]!, added[0]!, added[3]!];
    await expect.poll(() => moves.answered).toBe(2);
    await page.unroute(movesUrl);
    await expect.poll(() => shownOrder(page)).toEqual(reordered);
    expect((await client.listPetPhotos(pet.id)).map((photo) => photo.id)).toEqual(reordered);

    // The dropped one becomes the cover.
    await gallery.getByRole('button', { name: 'Make cover: photo 4' }).click();
    const withCover = [added[3]!, ...reordered.slice(0, 3)];
    await expect.poll(async () => (await client.listPetPhotos(pet.id)).map((photo) => photo.id)).toEqual(withCover);
    await expect(gallery.getByTestId('pet-photo').first().getByText('Cover')).toBeVisible();

    // Delete, after a confirm.
    await gallery.getByRole('button', { name: 'Delete photo 4' }).click();
    await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
    await expect(gallery.getByTestId('pet-photo')).toHaveCount(3);

    // The list shows the cover, at a fixed size.
    await page.goto(`/pets?name=${encodeURIComponent(pet.name)}`);
    const cover = page.getByRole('table', { name: 'Pets' }).getByRole('img', { name: `${pet.name}, cover photo` });
    await expect(cover).toHaveAttribute('src', new RegExp(`/v1/photos/${added[3]}/thumb\\?`));
    await expect(cover).toHaveAttribute('loading', 'lazy');
    await expect(cover).toHaveJSProperty('naturalWidth', 320);
    // Among pets without a photo: every name in line, the cover's box the same size as the empty ones.
    await page.goto('/pets?sort=-id');
    await expect(page.getByRole('img', { name: `${pet.name}, cover photo` })).toBeVisible();
    await inspectPage(page, 'pets-with-covers');
  });
});

test('a viewer sees a pet’s photos without the controls to change them', async ({ browser }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Looked at ${Date.now()}`, categoryId: 3 });
  await client.addPetPhoto(pet.id, new Blob([new Uint8Array(await photoOf('purple'))]));
  await client.addPetPhoto(pet.id, new Blob([new Uint8Array(await photoOf('orange'))]));
  const { page } = await signInAs(browser, 'viewer');
  await page.goto(`/pets/${pet.id}`);
  const gallery = page.getByRole('region', { name: /^Photos/ });
  await expect(gallery.getByTestId('pet-photo')).toHaveCount(2);
  await expect(gallery.getByRole('img', { name: `${pet.name}, photo 1 of 2 (cover)` })).toBeVisible();
  await expect(gallery.getByLabel('Choose photos to add')).toHaveCount(0);
  await expect(gallery.getByRole('button')).toHaveCount(0);
  await inspectPage(page, 'pet-gallery-viewer');
});

// The OpenAPI 3.1 document, generated from the contract's zod schemas (never
// written by hand). Served at /v1/openapi.json.
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { OPERATION_SCOPE, type OperationId } from './roles';
import { z } from 'zod';
import { GET_PET_SUNSET } from './deprecation';
import { ActivityEntries, ListActivityQuery, PetHistoryQuery } from './activity';
import { IMPORT_FILE_RULES, Import, ImportIdParams, Imports, ListImportsQuery, NewImportQuery } from './imports';
import { ActivityEntryIdParams, BatchIdParams, UndoBatchQuery, UndoneBatch } from './restore';
import { ApiKey, ApiKeyIdParams, ApiKeys, CreatedApiKey, NewApiKey } from './api-keys';
import { IdempotencyKeyHeaders, idempotentReplayHeader } from './idempotency';
import { ORDER_MOVES, PET_STATUS_FOR_ORDER } from './order-transitions';
import { ListOrdersQuery, MAX_ORDER_QUANTITY, NewOrder, Order, OrderCounts, OrderCountsQuery, OrderIdParams, OrderUpdate, Orders } from './orders';
import { Categories, Category, CategoryIdParams, CategoryUpdate, ListCategoriesQuery, NewCategory } from './categories';
import { Change } from './changes';
import {
  GetPetQuery,
  ListPetsQuery,
  NewPet,
  Pet,
  PetBatchDeleteResults,
  PetBatchQuery,
  PetBatchUpdateResults,
  PetCounts,
  PetCountsQuery,
  PetIdParams,
  PetTimestamps,
  PetUpdate,
  PetWithIncluded,
  PetsWithIncluded,
} from './pets';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTOS_PER_PET,
  PetPhotoParams,
  PetPhotosParams,
  Photo,
  PhotoFileParams,
  PhotoFileQuery,
  PhotoMove,
  Photos,
  PHOTO_MEDIA_TYPES,
  PHOTO_SIZES,
} from './photos';
import { ListTagsQuery, PetTags, PetTagsReplacement, Tags } from './tags';
import { ChangedUser, NewUser, PasswordChange, PasswordReset, User, UserIdParams, Users, UserUpdate } from './users';
import { commonErrors, errorResponses } from './responses';

const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

// The orders operations are one experimental group: the contract switches the
// docs' try-it panel off for GET /store/orders, so it is off for all of them.
const experimentalWithoutTryIt = { 'x-stability': 'experimental', 'x-hideTryItPanel': true } as const;

const nextPageLink = {
  Link: {
    description: 'Present when there is a next page: `<…&cursor=…>; rel="next"` (RFC 8288).',
    schema: { type: 'string' as const },
  },
};

const paths: ZodOpenApiPathsObject = {
  '/pets': {
    get: {
      operationId: 'listPets',
      summary: 'List animals',
      description:
        'Returns animals in ascending id order, at most `limit` of them. The next page, if any, is announced in the `Link` header, which keeps every filter. Experimental additions: `name` (search), `categoryId`, `tag` (pets with every tag given), `sort`, `include` (fields added to each Pet, e.g. `include=tags`; without it each item is exactly a Pet), and `id` (a batch read of up to 100 pets by id, which takes no other parameter but `include`).',
      tags: ['pets'],
      requestParams: { query: ListPetsQuery },
      responses: {
        '200': { description: 'Success: Pets, or with `include` PetWithIncluded.', headers: nextPageLink, ...jsonBody(PetsWithIncluded) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
    post: {
      operationId: 'createPet',
      summary: 'Add an animal',
      tags: ['pets'],
      requestParams: { header: IdempotencyKeyHeaders },
      requestBody: { required: true, ...jsonBody(NewPet) },
      responses: {
        '201': {
          description: 'Animal added.',
          headers: {
            Location: { description: 'The new animal’s URL.', schema: { type: 'string' as const } },
            ...idempotentReplayHeader,
          },
          ...jsonBody(Pet),
        },
        '400': errorResponses.BadRequest,
        '409': errorResponses.Conflict,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    patch: {
      operationId: 'bulkUpdatePets',
      summary: 'Change up to 100 animals (experimental)',
      description:
        'The same merge patch as `PATCH /pets/{petId}`, applied to each animal in `id` on its own: each in its own transaction, under the same rules, with its own activity entry and change event. The answer is 200 with one result per id, in the order given: `200` and the animal, or the `404`/`409` and Error the single change would have answered. A wrong body or query is a 400 and changes nothing; without `id` it is the collection’s 405 (the collection itself takes GET and POST only). A 503 may come after some animals changed: sending the same request again is safe (a status equal to the current one is no change).',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { query: PetBatchQuery },
      requestBody: { required: true, content: { 'application/json': { schema: PetUpdate }, 'application/merge-patch+json': { schema: PetUpdate } } },
      responses: {
        '200': { description: 'One result per id.', ...jsonBody(PetBatchUpdateResults) },
        '400': errorResponses.BadRequest,
        '405': errorResponses.MethodNotAllowed,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'bulkDeletePets',
      summary: 'Delete up to 100 animals (experimental)',
      description:
        'Deletes each animal in `id` on its own, as `DELETE /pets/{petId}` does: each in its own transaction, an animal any order references kept. The answer is 200 with one result per id, in the order given: `204`, or the `404`/`409` and Error the single delete would have answered. A wrong query is a 400 and deletes nothing; without `id` it is the collection’s 405. A 503 may come after some animals were deleted: sent again, those answer `404`.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { query: PetBatchQuery },
      responses: {
        '200': { description: 'One result per id.', ...jsonBody(PetBatchDeleteResults) },
        '400': errorResponses.BadRequest,
        '405': errorResponses.MethodNotAllowed,
        ...commonErrors,
      },
    },
  },
  '/pets/counts': {
    get: {
      operationId: 'countPets',
      summary: 'Count animals (experimental)',
      description:
        'How many animals match the filters (the list’s `status`, `name`, `categoryId` and `tag`), in all and by status. Unfiltered, it reads counters kept by triggers, so it costs the same at any size.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { query: PetCountsQuery },
      responses: {
        '200': { description: 'Success.', ...jsonBody(PetCounts) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/pets/imports': {
    post: {
      operationId: 'createImport',
      summary: 'Import animals from a CSV file (experimental)',
      description: [
        IMPORT_FILE_RULES,
        'The file is checked whole before anything else: one that is not UTF-8, has no `name` column, or is too large is refused at once, and no import exists. Otherwise the answer is 202 with the Import, `queued`: it runs as a job that any instance may take, and resumes after its last committed batch if that instance stops. Each row is checked by the rules of a single create or `PATCH`; a row equal to its animal writes nothing. Each changed animal gets its activity entry, and the change feed hears of it. The job acts as the key that posted it: if that key loses its rights, the import ends `failed`.',
        '`dryRun=true` checks every row and changes nothing; the counts say what a real run would do.',
      ].join('\n\n'),
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { query: NewImportQuery, header: IdempotencyKeyHeaders },
      requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' as const, contentMediaType: 'text/csv' } } } },
      responses: {
        '202': {
          description: 'The import is queued.',
          headers: { Location: { description: 'The Import’s URL.', schema: { type: 'string' as const } }, ...idempotentReplayHeader },
          ...jsonBody(Import),
        },
        '400': {
          ...errorResponses.BadRequest,
          id: undefined,
          description: 'The file is empty, not UTF-8, not CSV, or has no `name` column (`invalid_request`): the message says which.',
        },
        '409': errorResponses.Conflict,
        '413': {
          ...errorResponses.PayloadTooLarge,
          id: undefined,
          description: 'The file is larger than 50 MB or has more than 200,000 rows (`payload_too_large`).',
        },
        '415': { ...errorResponses.UnsupportedMediaType, id: undefined, description: 'The body is not `text/csv` (`unsupported_media_type`).' },
        ...commonErrors,
      },
    },
    get: {
      operationId: 'listImports',
      summary: 'List imports (experimental)',
      description: 'Newest first, keyset-paged (`Link: rel="next"`).',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { query: ListImportsQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Imports) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/pets/imports/{importId}': {
    get: {
      operationId: 'getImport',
      summary: 'Read an import (experimental)',
      description: 'Its state and counts: `processed` grows a batch at a time.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: ImportIdParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(Import) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'cancelImport',
      summary: 'Cancel an import (experimental)',
      description:
        'Stops a queued or running import before its next batch. The rows already committed stay: the Import answered says how many. A finished import is a 409.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: ImportIdParams },
      responses: {
        '200': { description: 'Cancelled.', ...jsonBody(Import) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        ...commonErrors,
      },
    },
  },
  '/pets/imports/{importId}/errors': {
    get: {
      operationId: 'getImportErrors',
      summary: 'The failed rows of an import, as CSV (experimental)',
      description:
        'One line per failed row: `row` (its number in the file, the header line being row 1), its values under the file’s own header, and `reason` in words. Fix the rows and import this file again: `row` and `reason` are ignored columns.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: ImportIdParams },
      responses: {
        '200': { description: 'The failed rows.', content: { 'text/csv': { schema: { type: 'string' as const, contentMediaType: 'text/csv' } } } },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}': {
    get: {
      operationId: 'getPet',
      summary: 'Get an animal (deprecated)',
      description: `Deprecated: removed on ${GET_PET_SUNSET.toUTCString()}; use \`GET /pets\` with the \`status\` filter. Every response carries \`Deprecation\`, \`Sunset\` and a \`Link\` to the successor; from the sunset on the operation answers 410.`,
      tags: ['pets'],
      deprecated: true,
      'x-sunset': GET_PET_SUNSET.toISOString(),
      requestParams: { path: PetIdParams, query: GetPetQuery },
      responses: {
        '200': {
          description: 'Success: the Pet, or with `include` a PetWithIncluded.',
          headers: {
            Deprecation: { description: 'RFC 9745: when the operation was deprecated (`@<epoch seconds>`).', schema: { type: 'string' as const } },
            Sunset: { description: 'RFC 8594: when the operation will be removed.', schema: { type: 'string' as const } },
          },
          ...jsonBody(z.union([Pet, PetWithIncluded])),
        },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '410': errorResponses.Gone,
        ...commonErrors,
      },
    },
    patch: {
      operationId: 'updatePet',
      summary: 'Change an animal (experimental)',
      description:
        'JSON merge semantics: the fields given are set, the others kept (`status: null` removes the status). `status` changes only while the animal has no open (`placed` or `approved`) order, and never to `pending` (an open order is what makes an animal pending): else 409 with the reason. `tags` replaces the tags; `addTags` and `removeTags` change them (409 if the animal would have more than 20). One PATCH is one change of the animal: one activity entry, one change event. Not deprecated: no Deprecation or Sunset headers.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams },
      requestBody: { required: true, content: { 'application/json': { schema: PetUpdate }, 'application/merge-patch+json': { schema: PetUpdate } } },
      responses: {
        '200': { description: 'The animal, changed.', ...jsonBody(Pet) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': {
          ...errorResponses.Conflict,
          id: undefined,
          description: 'The status cannot change now, or `addTags` would give the animal more than 20 tags (`conflict`); the message says why.',
        },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'deletePet',
      summary: 'Delete an animal (experimental)',
      description: 'Removes an animal that no order references; orders are history, so an animal with any order answers 409. Not deprecated.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams },
      responses: {
        '204': { description: 'Deleted.' },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': { ...errorResponses.Conflict, id: undefined, description: 'An order references the animal (`conflict`).' },
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}/timestamps': {
    get: {
      operationId: 'getPetTimestamps',
      summary: 'When an animal was added and last changed (experimental)',
      description:
        'The animal’s `createdAt` and `updatedAt`, kept apart from the Pet, whose fields the contract fixes. `updatedAt` moves with every change of the animal’s name, category or status, an order’s included. Not deprecated.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(PetTimestamps) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}/history': {
    get: {
      operationId: 'listPetHistory',
      summary: 'An animal’s history (experimental)',
      description:
        'The animal’s entries of the activity log, newest first, in the shape of `GET /activity`: every change of its name, category, status, tags and photos, with who made it, the fields before and after, and its `batchId` or `restoredFrom`. Readable by whoever may read the animal (the whole log stays with admins); a deleted animal’s entries stay readable for the log’s retention. An id with no entries answers an empty list.',
      tags: ['pets'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams, query: PetHistoryQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(ActivityEntries) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}/tags': {
    get: {
      operationId: 'getPetTags',
      summary: 'An animal’s tags (experimental)',
      description: 'The animal’s tags, each as first written, in alphabetical order ignoring case. `GET /pets?include=tags` gives them for a whole page.',
      tags: ['tags'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(PetTags) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    put: {
      operationId: 'replacePetTags',
      summary: 'Replace an animal’s tags (experimental)',
      description:
        'The body is the whole new set, e.g. `["puppy", "vaccinated"]` (`[]` removes every tag): at most 20, each trimmed and put in NFC, 1 to 32 characters; the same tag twice, ignoring case, counts once. A tag seen before keeps the spelling it was first written with (`PUPPY` is stored as `puppy` once `puppy` exists). The answer is the animal’s tags as stored. A change is one activity entry with the tags before and after, and one change event; the same set again changes nothing. A bad tag is a 400 whose message names it.',
      tags: ['tags'],
      'x-stability': 'experimental',
      requestParams: { path: PetIdParams },
      requestBody: { required: true, ...jsonBody(PetTagsReplacement) },
      responses: {
        '200': { description: 'The animal’s tags now.', ...jsonBody(PetTags) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/tags': {
    get: {
      operationId: 'listTags',
      summary: 'List tags (experimental)',
      description:
        'Every tag at least one animal has, in alphabetical order ignoring case, each with its `petCount`, at most `limit`; `name` keeps those containing a text (what a tag input suggests). The next page is announced in the `Link` header.',
      tags: ['tags'],
      'x-stability': 'experimental',
      requestParams: { query: ListTagsQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Tags) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}/photos': {
    get: {
      operationId: 'listPetPhotos',
      summary: 'List an animal’s photos (experimental)',
      description: 'The animal’s photos by `position`, the cover (0) first, each with signed URLs of its sizes.',
      tags: ['photos'],
      'x-stability': 'experimental',
      requestParams: { path: PetPhotosParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(Photos) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    post: {
      operationId: 'addPetPhoto',
      summary: 'Add a photo of an animal (experimental)',
      description: [
        `The image as the body, or \`multipart/form-data\` with one part named \`file\`. What it is comes from its bytes, never from \`Content-Type\`: JPEG, PNG, WebP or AVIF, a still image, at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MiB and ${MAX_PHOTO_PIXELS / 1e6} megapixels (checked from its header before it is decoded). SVG, HEIC, animated images and anything else are refused with what to send instead.`,
        `It is stored re-encoded with its orientation applied and without metadata (no EXIF location, camera serial or comment), with two WebP sizes: \`large\` (at most ${PHOTO_SIZES.large} px on the longer side) and \`thumb\` (${PHOTO_SIZES.thumb} px). It goes last; the first photo is the cover. At most ${MAX_PHOTOS_PER_PET} photos per animal.`,
      ].join('\n\n'),
      tags: ['photos'],
      'x-stability': 'experimental',
      requestParams: { path: PetPhotosParams },
      requestBody: {
        required: true,
        content: {
          ...Object.fromEntries(PHOTO_MEDIA_TYPES.map((type) => [type, { schema: { type: 'string' as const, contentMediaType: type } }])),
          'multipart/form-data': {
            schema: z
              .object({ file: z.string().meta({ override: { type: 'string', contentMediaType: 'application/octet-stream' } }) })
              .meta({ description: 'One part, the image.' }),
          },
        },
      },
      responses: {
        '201': {
          description: 'Photo added.',
          headers: { Location: { description: 'The new photo’s URL.', schema: { type: 'string' as const } } },
          ...jsonBody(Photo),
        },
        '400': {
          ...errorResponses.BadRequest,
          id: undefined,
          description: `The image is larger than ${MAX_PHOTO_PIXELS / 1e6} megapixels, damaged, empty, or the form is not one \`file\` part (\`invalid_request\`).`,
        },
        '404': errorResponses.NotFound,
        '409': { ...errorResponses.Conflict, id: undefined, description: `The animal has ${MAX_PHOTOS_PER_PET} photos already (\`conflict\`).` },
        '413': {
          ...errorResponses.PayloadTooLarge,
          id: undefined,
          description: `The photo is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MiB (\`payload_too_large\`).`,
        },
        '415': {
          ...errorResponses.UnsupportedMediaType,
          id: undefined,
          description:
            'The body is not a JPEG, PNG, WebP or AVIF still image, whatever its `Content-Type` says (`unsupported_media_type`); the message says what to send instead.',
        },
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}/photos/{photoId}': {
    get: {
      operationId: 'getPetPhoto',
      summary: 'Get one photo of an animal (experimental)',
      tags: ['photos'],
      'x-stability': 'experimental',
      requestParams: { path: PetPhotoParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(Photo) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    patch: {
      operationId: 'movePetPhoto',
      summary: 'Move a photo (experimental)',
      description: 'Moves the photo to `position`, the others keeping their order: 0 makes it the cover; a position past the last makes it the last.',
      tags: ['photos'],
      'x-stability': 'experimental',
      requestParams: { path: PetPhotoParams },
      requestBody: { required: true, ...jsonBody(PhotoMove) },
      responses: {
        '200': { description: 'The photo, moved.', ...jsonBody(Photo) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'deletePetPhoto',
      summary: 'Delete a photo (experimental)',
      description: 'Removes the photo and its files; the photos after it move up one position.',
      tags: ['photos'],
      'x-stability': 'experimental',
      requestParams: { path: PetPhotoParams },
      responses: {
        '204': { description: 'Deleted.' },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
  },
  '/photos/{photoId}/{variant}': {
    get: {
      operationId: 'getPhotoFile',
      summary: 'A photo’s file, by its signed URL (experimental)',
      description:
        'The URL comes from a Photo’s `urls`, and is fetched as it is, with no Authorization header. Sent with `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox`, an `ETag` (`If-None-Match` gets a 304) and a `Cache-Control` that keeps it until the URL expires. A changed or expired URL is a 403; a photo deleted since (or whose animal was) a 404.',
      tags: ['photos'],
      'x-stability': 'experimental',
      'x-hideTryItPanel': true,
      security: [],
      requestParams: { path: PhotoFileParams, query: PhotoFileQuery },
      responses: {
        '200': {
          description: 'The file: the original in its type, `large` and `thumb` as WebP.',
          headers: {
            ETag: { description: 'Never changes for a URL’s photo and size.', schema: { type: 'string' as const } },
            'Cache-Control': { description: '`private, max-age=<seconds until the URL expires>, immutable`.', schema: { type: 'string' as const } },
          },
          content: Object.fromEntries([...PHOTO_MEDIA_TYPES].map((type) => [type, { schema: { type: 'string' as const, contentMediaType: type } }])),
        },
        '304': { description: 'The copy the client holds (`If-None-Match`) is current.' },
        '403': { ...errorResponses.Forbidden, id: undefined, description: 'The URL’s signature does not match it, or it has expired (`forbidden`).' },
        '404': errorResponses.NotFound,
        '429': errorResponses.TooManyRequests,
        '500': errorResponses.InternalError,
        '503': errorResponses.ServiceUnavailable,
      },
    },
  },
  '/store/orders': {
    get: {
      operationId: 'listOrders',
      summary: 'List orders (experimental)',
      description:
        'Orders in ascending id order, or by `sort`, at most `limit` of them, filtered by `status`, `petId` and `petName` (a search in the pets’ names). The next page, if any, is announced in the `Link` header, which keeps every filter and the sort.',
      tags: ['store'],
      ...experimentalWithoutTryIt,
      requestParams: { query: ListOrdersQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Orders) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
    post: {
      operationId: 'placeOrder',
      summary: 'Place an order (experimental)',
      description: `Orders an \`available\` animal: the order is created \`placed\` and the animal becomes \`pending\`, in one transaction. Of several orders racing for one animal exactly one succeeds; the others get 409. \`quantity\` is 1 to ${MAX_ORDER_QUANTITY}, 1 when absent.`,
      tags: ['store'],
      ...experimentalWithoutTryIt,
      requestParams: { header: IdempotencyKeyHeaders },
      requestBody: { required: true, ...jsonBody(NewOrder) },
      responses: {
        '201': {
          description: 'Order placed; the animal is now `pending`.',
          headers: {
            Location: { description: 'The new order’s URL.', schema: { type: 'string' as const } },
            ...idempotentReplayHeader,
          },
          ...jsonBody(Order),
        },
        '400': errorResponses.BadRequest,
        '404': { ...errorResponses.NotFound, id: undefined, description: 'No animal has this `petId` (`not_found`).' },
        '409': {
          ...errorResponses.Conflict,
          id: undefined,
          description:
            'The animal is not `available` (`conflict`; the message names its status), or the Idempotency-Key was used for another request or is in progress.',
        },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/store/orders/counts': {
    get: {
      operationId: 'countOrders',
      summary: 'Count orders (experimental)',
      description: 'How many orders match the filters (the list’s `status`, `petId` and `petName`), in all and by status.',
      tags: ['store'],
      ...experimentalWithoutTryIt,
      requestParams: { query: OrderCountsQuery },
      responses: {
        '200': { description: 'Success.', ...jsonBody(OrderCounts) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/store/orders/{orderId}': {
    get: {
      operationId: 'getOrder',
      summary: 'Get an order (experimental)',
      tags: ['store'],
      ...experimentalWithoutTryIt,
      requestParams: { path: OrderIdParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(Order) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    patch: {
      operationId: 'updateOrder',
      summary: 'Move an order to another status (experimental)',
      description: `Allowed moves: ${describeMoves()}. Every other move, including to the current status, answers 409 naming the allowed ones. The animal follows its order in the same transaction: ${describePetEffects()}. Delivering sets \`shipDate\` if it is absent. Concurrent moves of one order are serialised: one wins, the others see its result.`,
      tags: ['store'],
      ...experimentalWithoutTryIt,
      requestParams: { path: OrderIdParams },
      requestBody: { required: true, ...jsonBody(OrderUpdate) },
      responses: {
        '200': { description: 'The order, moved.', ...jsonBody(Order) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': {
          ...errorResponses.Conflict,
          id: undefined,
          description: 'The move is not allowed from the order’s current status (`conflict`); the message names the allowed moves.',
        },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/categories': {
    get: {
      operationId: 'listCategories',
      summary: 'List categories (experimental)',
      description:
        'Categories in ascending id order, at most `limit`, each with its `petCount` (experimental); the next page is announced in the `Link` header.',
      tags: ['categories'],
      'x-stability': 'experimental',
      requestParams: { query: ListCategoriesQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Categories) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
    post: {
      operationId: 'createCategory',
      summary: 'Add a category (experimental)',
      description:
        'Names are unique ignoring case: a name already taken answers 409. `POST /pets` still accepts any `categoryId`, whether or not such a category exists.',
      tags: ['categories'],
      'x-stability': 'experimental',
      requestBody: { required: true, ...jsonBody(NewCategory) },
      responses: {
        '201': {
          description: 'Category added.',
          headers: { Location: { description: 'The new category’s URL.', schema: { type: 'string' as const } } },
          ...jsonBody(Category),
        },
        '400': errorResponses.BadRequest,
        '409': { ...errorResponses.Conflict, id: undefined, description: 'A category of that name (ignoring case) exists (`conflict`).' },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/categories/{categoryId}': {
    get: {
      operationId: 'getCategory',
      summary: 'Get a category (experimental)',
      tags: ['categories'],
      'x-stability': 'experimental',
      requestParams: { path: CategoryIdParams },
      responses: {
        '200': { description: 'Success.', ...jsonBody(Category) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
    patch: {
      operationId: 'updateCategory',
      summary: 'Rename a category (experimental)',
      tags: ['categories'],
      'x-stability': 'experimental',
      requestParams: { path: CategoryIdParams },
      requestBody: { required: true, ...jsonBody(CategoryUpdate) },
      responses: {
        '200': { description: 'The category, renamed.', ...jsonBody(Category) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': { ...errorResponses.Conflict, id: undefined, description: 'Another category has that name, ignoring case (`conflict`).' },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'deleteCategory',
      summary: 'Delete a category (experimental)',
      description: 'Removes a category that no pet names. While pets have its id as `categoryId` it answers 409, and the message says how many.',
      tags: ['categories'],
      'x-stability': 'experimental',
      requestParams: { path: CategoryIdParams },
      responses: {
        '204': { description: 'Deleted.' },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': { ...errorResponses.Conflict, id: undefined, description: 'Pets have this category; the message says how many (`conflict`).' },
        ...commonErrors,
      },
    },
  },
  '/changes': {
    get: {
      operationId: 'watchChanges',
      summary: 'Watch changes (experimental)',
      description: [
        'A Server-Sent Events stream (`text/event-stream`) of what changes in the catalogue, from any instance, the CLI or SQL: pets, orders and categories created, updated or deleted. Each event says which record and how, never its content:',
        '',
        '```',
        'retry: 2000',
        '',
        'event: ready',
        'data: {}',
        '',
        'event: change',
        'data: {"resource":"pet","kind":"created","id":42}',
        '',
        ': heartbeat',
        '```',
        '',
        '`ready` comes once the stream listens: changes from then on are sent. `resync` means changes may have been missed (the server lost its database connection for a moment, or this client read too slowly and the events waiting for it were dropped): refetch what you show. Streams are capped per API key and per user whatever their keys (`429`, 20 each by default) and per server instance (`503`, 1,000 by default); the Error says which, and `Retry-After` when to try again. A comment line (`: heartbeat`) every 15 s keeps proxies from closing an idle stream. The key is checked again before events and heartbeats (at most once a second): the stream ends once it is revoked or expired. There is no replay (`Last-Event-ID` is ignored): on reconnecting, refetch, then follow the stream. Browsers read it with `fetch` and a stream reader (EventSource cannot send `Authorization`).',
      ].join('\n'),
      tags: ['changes'],
      'x-stability': 'experimental',
      'x-hideTryItPanel': true,
      responses: {
        '200': {
          description: 'The stream; it stays open until the client or the server closes it.',
          content: {
            'text/event-stream': {
              schema: { type: 'string' as const, description: 'Events whose `data` is a `Change` (JSON), or `{}` for `ready` and `resync`.' },
            },
          },
        },
        ...commonErrors,
      },
    },
  },
  '/api-keys': {
    get: {
      operationId: 'listApiKeys',
      summary: 'List API keys',
      description:
        'Dashboard operation: the keys made by hand (CLI, dashboard, bootstrap), newest first, each with who made it; the short-lived keys of dashboard sessions are not listed. With the `admin` scope (an admin’s session, the bootstrap key), every key; with a viewer’s or editor’s session, the keys that user made; any other key is a 403.',
      tags: ['api-keys'],
      responses: { '200': { description: 'Success.', ...jsonBody(ApiKeys) }, ...commonErrors },
    },
    post: {
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description:
        'Dashboard operation. The answer holds the key itself, shown only this once. `write` includes `read`. A key is never more than the session that makes it: with the `admin` scope, `read` or `write`; a viewer’s session may make `read` keys, an editor’s `read` or `write`, and a session on a temporary password `read` only (403 beyond); any other key is a 403. The key belongs to the user whose session made it; one user holds at most `PETSTORE_LIVE_KEYS_PER_USER` live keys (25 by default; 409 beyond, with the reason).',
      tags: ['api-keys'],
      requestBody: { required: true, ...jsonBody(NewApiKey) },
      responses: {
        '201': { description: 'Key created.', ...jsonBody(CreatedApiKey) },
        '400': errorResponses.BadRequest,
        '409': { ...errorResponses.Conflict, id: undefined, description: 'The user holds as many live keys as one may (`conflict`); the message says so.' },
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/api-keys/{keyId}': {
    delete: {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description:
        'Dashboard operation. The key stops working at once and stays listed with `revokedAt`; revoking twice keeps the first time. With the `admin` scope, any listed key; with a viewer’s or editor’s session, only their own (another’s is a 404). The bootstrap key is configuration and cannot be revoked here (409).',
      tags: ['api-keys'],
      requestParams: { path: ApiKeyIdParams },
      responses: {
        '200': { description: 'The revoked key.', ...jsonBody(ApiKey) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        ...commonErrors,
      },
    },
  },
  '/users': {
    get: {
      operationId: 'listUsers',
      summary: 'List dashboard users (admin, experimental)',
      description: 'Dashboard operation: every user who can sign in to the dashboard, oldest first. Needs the `admin` scope.',
      tags: ['users'],
      'x-stability': 'experimental',
      responses: { '200': { description: 'Success.', ...jsonBody(Users) }, ...commonErrors },
    },
    post: {
      operationId: 'createUser',
      summary: 'Add a dashboard user (admin, experimental)',
      description:
        'Dashboard operation. The email is trimmed and lower-cased; one user per email (409 otherwise). The password given is temporary: the user must replace it at their first sign-in (until then their session may only read), as after a reset.',
      tags: ['users'],
      'x-stability': 'experimental',
      requestBody: { required: true, ...jsonBody(NewUser) },
      responses: {
        '201': {
          description: 'User added.',
          headers: { Location: { description: 'The new user’s URL.', schema: { type: 'string' as const } } },
          ...jsonBody(User),
        },
        '400': errorResponses.BadRequest,
        '409': errorResponses.Conflict,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/users/{userId}': {
    patch: {
      operationId: 'updateUser',
      summary: 'Change a user’s role, or disable or enable them (admin, experimental)',
      description:
        'A role change ends the user’s sessions and revokes the keys they made that the new role does not allow; disabling ends their sessions and revokes every key of theirs (enabling again brings none back). The answer lists the revoked keys. 409 for the last enabled admin (demoted or disabled), and for your own account (ask another admin).',
      tags: ['users'],
      'x-stability': 'experimental',
      requestParams: { path: UserIdParams },
      requestBody: { required: true, ...jsonBody(UserUpdate) },
      responses: {
        '200': { description: 'The user after the change.', ...jsonBody(ChangedUser) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
    delete: {
      operationId: 'deleteUser',
      summary: 'Delete a user (admin, experimental)',
      description:
        'Their sessions end and every key of theirs is revoked (the keys stay listed, with no owner). 409 for the last enabled admin and for your own account.',
      tags: ['users'],
      'x-stability': 'experimental',
      requestParams: { path: UserIdParams },
      responses: {
        '204': { description: 'User deleted.' },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        ...commonErrors,
      },
    },
  },
  '/users/{userId}/password-reset': {
    post: {
      operationId: 'resetUserPassword',
      summary: 'Give a user a temporary password (admin, experimental)',
      description:
        'The answer holds a temporary password, shown only this once; the user must replace it at their next sign-in (until then their session may only read). Their sessions end; their failed sign-ins are forgotten. 409 for your own account.',
      tags: ['users'],
      'x-stability': 'experimental',
      requestParams: { path: UserIdParams },
      responses: {
        '200': { description: 'The temporary password.', ...jsonBody(PasswordReset) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        ...commonErrors,
      },
    },
  },
  '/activity': {
    get: {
      operationId: 'listActivity',
      summary: 'Read the activity log (admin, experimental)',
      description:
        'Every change to pets, categories, orders, users and API keys (a password changed or reset in its own words), and every sign-in (failed and throttled ones too), sign-out and “Sign out everywhere”, newest first: when, who, what, the changed fields before and after, the request id. Filtered by resource, actor, person (changes by them and to their account) and time. Written in the same transaction as the change, so a refused or rolled-back change leaves no entry; never holds passwords, key material or hashes. Kept for `PETSTORE_ACTIVITY_RETENTION_DAYS` (400 by default). Needs the `admin` scope.',
      tags: ['activity'],
      'x-stability': 'experimental',
      requestParams: { query: ListActivityQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(ActivityEntries) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
  '/activity/{entryId}/restore': {
    post: {
      operationId: 'restoreActivityEntry',
      summary: 'Restore a pet from its history (experimental)',
      description:
        'Sets the pet of this activity entry back to its state after it (name, category, status, tags) as one new change: its own activity entry, whose `restoredFrom` names this one, and change event. The history is never rewritten. Every rule of a PATCH applies: a status while an order is open, or a category deleted since, is a 409 with the reason, and nothing changes. From a pet’s `delete` entry, the deleted pet comes back under its id with its tags and its photos (kept 30 days after the delete). 404 for an unknown entry (or one past the log’s retention); 409 for an entry that is not a pet’s. Needs the `write` scope.',
      tags: ['activity'],
      'x-stability': 'experimental',
      requestParams: { path: ActivityEntryIdParams },
      responses: {
        '200': { description: 'The pet as it now is.', ...jsonBody(Pet) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '409': errorResponses.Conflict,
        ...commonErrors,
      },
    },
  },
  '/activity/batches/{batchId}/restore': {
    post: {
      operationId: 'undoBatch',
      summary: 'Undo a batch: a bulk change, a bulk delete or an import (experimental)',
      description:
        'Every pet of the batch whose entries since are all the batch’s goes back to its state before it, each in its own transaction under the rules of a single change (a pet the batch deleted comes back under its id, with its tags and photos; a pet it added is deleted). The others are left alone, each with the reason: changed since, or the rule that refused. The undo is itself one batch (`batchId`), which can be undone in turn. With `dryRun=true` nothing changes: the answer says which pets would be restored and which, changed since, left alone. 404 for a batch with no pet’s entry. Needs the `write` scope.',
      tags: ['activity'],
      'x-stability': 'experimental',
      requestParams: { path: BatchIdParams, query: UndoBatchQuery },
      responses: {
        '200': { description: 'The pets restored and those left alone.', ...jsonBody(UndoneBatch) },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        ...commonErrors,
      },
    },
  },
  '/me/sessions': {
    delete: {
      operationId: 'endOwnSessions',
      summary: 'Sign out everywhere (experimental)',
      description:
        'Every dashboard session of the user whose session key makes the request ends, this one included. The keys they made by hand keep working. A key that is no dashboard session is a 403.',
      tags: ['users'],
      'x-stability': 'experimental',
      responses: { '204': { description: 'Every session ended.' }, ...commonErrors },
    },
  },
  '/me/password': {
    put: {
      operationId: 'changeOwnPassword',
      summary: 'Change your own password (experimental)',
      description:
        'For the dashboard user whose session key makes the request; the current password is required. The user’s other dashboard sessions end (their keys are revoked); the one that made the change stays. A wrong current password is a 400 naming `currentPassword`; a key that belongs to no user (made by the CLI, the API or the bootstrap variable) is a 403.',
      tags: ['users'],
      'x-stability': 'experimental',
      requestBody: { required: true, ...jsonBody(PasswordChange) },
      responses: {
        '204': { description: 'Password changed.' },
        '400': errorResponses.BadRequest,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
};

function describeMoves(): string {
  return Object.entries(ORDER_MOVES)
    .flatMap(([from, targets]) => targets.map((to) => `\`${from}\` → \`${to}\``))
    .join(', ');
}

function describePetEffects(): string {
  return (['delivered', 'cancelled'] as const).map((status) => `${status} makes it \`${PET_STATUS_FOR_ORDER[status]}\``).join(', ');
}

/** Where a server's URL comes from, for a reader of the document. */
function describeServer(url: string, variable: string): string {
  return url.startsWith('/') ? `\`${url}\` on the host that served this document (\`${variable}\` is not set)` : `\`${url}\` (from \`${variable}\`)`;
}

/** Each operation states the scope its key needs, from the one permission table (roles.ts). */
function withRequiredScopes(all: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(all).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const { operationId: id, security } = operation as { operationId?: string; security?: unknown[] };
          // Open to all (`security: []`): no key, so no scope.
          if (!id || security?.length === 0) return [method, operation];
          if (!(id in OPERATION_SCOPE)) throw new Error(`${id} has no row in OPERATION_SCOPE (lib/contract/roles.ts)`);
          return [method, { ...operation, 'x-required-scope': OPERATION_SCOPE[id as OperationId] }];
        }),
      ),
    ]),
  );
}

export function createOpenApiDocument(servers: { production: string; staging: string }) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Petstore',
      version: '1.0.0',
      description: [
        'A pet store catalogue: list, add and fetch animals, and place, list and move store orders. Every operation requires a bearer API key.',
        '',
        `Servers: Production is ${describeServer(servers.production, 'PETSTORE_PRODUCTION_URL')}; Staging is ${describeServer(servers.staging, 'PETSTORE_STAGING_URL')}. The serving instance's environment sets both.`,
      ].join('\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: servers.production, description: 'Production' },
      { url: servers.staging, description: 'Staging' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'pets', description: 'Animals in the catalogue.' },
      { name: 'store', description: 'Store orders (experimental).' },
      { name: 'categories', description: 'Categories of animals (experimental).' },
      { name: 'photos', description: 'Photos of animals (experimental): uploads, their order and cover, and their signed files.' },
      { name: 'tags', description: 'Labels on animals across categories (experimental).' },
      { name: 'changes', description: 'A live feed of changes (experimental).' },
      {
        name: 'api-keys',
        description: 'Dashboard and admin operations: managing API keys (every key with the `admin` scope; a dashboard user’s own otherwise).',
      },
      {
        name: 'activity',
        description: 'The activity log (experimental): who changed what, when (`admin` scope); restoring a pet from it and undoing a batch (`write` scope).',
      },
      {
        name: 'users',
        description:
          'Dashboard users (experimental): adding, changing, disabling, deleting them and resetting passwords (`admin` scope); your own password and sessions.',
      },
    ],
    paths: withRequiredScopes(paths),
    components: {
      // The feed's event payload: not a response body, so named here to be in the document.
      schemas: { Change },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <API_KEY>`.' },
      },
    },
  });
}

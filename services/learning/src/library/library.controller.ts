import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  dueQuery, dueReply, libraryBrowseQuery, libraryListReply, libraryPageReply, libraryPublishBody, libraryRecord, librarySearchQuery, librarySearchReply,
  reviewBody, reviewReply, studyDeckReply,
} from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, Public, RequirePermission, SignedIn, UuidParam, ValidBody, ValidQuery } from '@olymp/server-kit';
import { Libraries } from './library.service';
import { Study } from './study.service';

/**
 * The library's own routes (the resources are the CRUD kit's): for pupils, published libraries, search, flashcard
 * decks, reviews and the day's due cards; for staff, publish/unpublish. One line per handler; rules in the services.
 */
@Controller()
export class LibraryController {
  constructor(
    private readonly libraries: Libraries,
    private readonly study: Study,
  ) {}

  @Get('library/published')
  @Public()
  @ApiShape({ response: libraryListReply, summary: 'Published libraries, by subject and grade' })
  async list(@ValidQuery(libraryBrowseQuery) q: z.output<typeof libraryBrowseQuery>) {
    return { data: await this.libraries.list(q) };
  }

  @Get('library/published/:library')
  @Public()
  @ApiShape({ response: libraryPageReply, summary: 'A published library: chapters, subchapters, collections and the caller\'s progress per chapter' })
  async page(@UuidParam('library') id: string, @CurrentUser() user?: AuthUser) {
    return { data: await this.libraries.page(id, user?.sub) };
  }

  @Get('library/search')
  @Public()
  @ApiShape({ response: librarySearchReply, summary: 'Cards and chapters of published libraries (prefix full-text search)' })
  async search(@ValidQuery(librarySearchQuery) q: z.output<typeof librarySearchQuery>) {
    return { data: await this.libraries.search(q.q, q.limit) };
  }

  @Get('library/due')
  @SignedIn()
  @ApiShape({ response: dueReply, summary: 'The caller\'s cards due by the end of an Almaty day' })
  async due(@CurrentUser() user: AuthUser, @ValidQuery(dueQuery) q: z.output<typeof dueQuery>) {
    return { data: await this.study.due(user.sub, q.date) };
  }

  @Get('chapters/:chapter/study')
  @SignedIn()
  @ApiShape({ response: studyDeckReply, summary: 'A chapter as flashcards, due cards first' })
  async chapterDeck(@CurrentUser() user: AuthUser, @UuidParam('chapter') id: string) {
    return { data: await this.study.chapterDeck(user.sub, id) };
  }

  @Get('collections/:collection/study')
  @SignedIn()
  @ApiShape({ response: studyDeckReply, summary: 'A collection as flashcards, due cards first' })
  async collectionDeck(@CurrentUser() user: AuthUser, @UuidParam('collection') id: string) {
    return { data: await this.study.collectionDeck(user.sub, id) };
  }

  @Post('cards/:card/review')
  @SignedIn()
  @HttpCode(200)
  @ApiShape({ response: reviewReply, summary: 'Answer a flashcard (again, hard, good, easy): FSRS schedules its next review' })
  async review(@CurrentUser() user: AuthUser, @UuidParam('card') id: string, @ValidBody(reviewBody) body: z.output<typeof reviewBody>) {
    return { data: await this.study.review(user.sub, id, body.rating) };
  }

  @Post('library/:library/publish')
  @RequirePermission('library:update')
  @HttpCode(200)
  @ApiShape({ response: libraryRecord, summary: 'Publish or unpublish a library' })
  publish(@CurrentUser() user: AuthUser, @UuidParam('library') id: string, @ValidBody(libraryPublishBody) body: z.output<typeof libraryPublishBody>) {
    return this.libraries.publish(user, id, body.published);
  }
}

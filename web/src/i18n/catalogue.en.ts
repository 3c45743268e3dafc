import type { catalogueZhCN } from './catalogue.zh-CN.ts';

/** English messages of the exhibitor's catalogue (issue 10: product groups, origin country, albums), spread into en.ts. */
export const catalogueEn: typeof catalogueZhCN = {
  catalogue: {
    field: { group: 'Product group', originCountry: 'Country of origin', name: 'Name', nameEn: 'English name', showIndex: 'Order', cover: 'Cover', caption: 'Caption', captionEn: 'English caption' },
    groupNone: 'No group',
    countrySearch: 'Type to search countries',
    groups: {
      title: 'Product groups',
      intro: 'Put your products into groups; visitors browse your booth by group. Deleting a group keeps its products, ungrouped.',
      add: 'Add group',
      edit: 'Edit group',
      empty: 'No groups yet',
      count: '{{count}} products',
      confirmDelete: 'Delete the group "{{name}}"? Its products stay, ungrouped.',
      saved: 'Group saved',
      deleted: 'Group deleted',
    },
    albums: {
      route: 'Booth albums',
      intro: 'Albums of your booth: each holds photos with captions; the first photo is the cover unless you choose one.',
      add: 'New album',
      edit: 'Edit album',
      photos: 'Photos',
      empty: 'No albums yet',
      count: '{{count}} / {{max}} albums',
      photoCount: '{{count}} / {{max}} photos',
      limitReached: 'You have reached the album limit: delete an album to create another',
      photoLimit: 'An album holds at most {{max}} photos',
      confirmDelete: 'Delete the album "{{name}}" with all its photos?',
      saved: 'Album saved',
      deleted: 'Album deleted',
      photosSaved: 'Photos saved',
      managePhotos: 'Photos',
      savePhotos: 'Save photos',
      upload: 'Upload photos',
      photoAlt: 'Photo {{index}}',
      noCover: 'No cover',
    },
  },
};

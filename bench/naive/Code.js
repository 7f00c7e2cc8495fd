// The naive peer, written as people usually pull an API into a sheet: one single-cell custom
// function per row, one UrlFetchApp.fetch each, no de-duplication, no cache.
function NAIVE_SCORE(website) {
  var base = PropertiesService.getUserProperties().getProperty('vis.baseUrl');
  var response = UrlFetchApp.fetch(
    base + '/api/visibility/score?url=' + encodeURIComponent(website),
    {
      muteHttpExceptions: true,
    },
  );
  if (response.getResponseCode() === 404) return 'not in index';
  return JSON.parse(response.getContentText()).overallScore;
}

/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
// @ts-nocheck: ajv writes plain JavaScript; only the map at the end is typed.
import type { ErrorObject } from 'ajv/dist/2020.js';
import * as runtime0Module from 'ajv/dist/runtime/ucs2length.js';
import * as runtime1Module from 'ajv/dist/runtime/equal.js';
const runtime0 = runtime0Module.default && runtime0Module.default.__esModule ? runtime0Module.default : runtime0Module;
const runtime1 = runtime1Module.default && runtime1Module.default.__esModule ? runtime1Module.default : runtime1Module;

export const v0 = validate24;
const schema39 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/common.json","title":"Common","description":"Shared building blocks of every definition.","$defs":{"id":{"type":"string","pattern":"^[0-9a-f]{32}$","description":"A generated id: 32 lowercase hex characters."},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]{0,63}$","description":"Unique per definition kind; used in routes."},"modelName":{"type":"string","pattern":"^[A-Z][A-Za-z0-9_]{0,63}$","description":"The name of a model (a SQL table)."},"width":{"type":"integer","minimum":0,"maximum":12,"default":0,"description":"0 means automatic; 1 to 12 grid units otherwise."},"version":{"type":"integer","minimum":0,"description":"Set by the server; an update must send the version it read."},"access":{"title":"Access","description":"Who besides administrators may use a definition. Absent access means admin-only.","type":"object","properties":{"public":{"type":"boolean","description":"Anonymous callers may read it and, for a form, add."},"groups":{"type":"array","items":{"type":"string","minLength":1},"description":"Groups whose members may use it fully: every action on every record and field (the same as a grant of every action without rules)."},"self":{"type":"boolean","description":"A signed-in user may read and update their own User record."},"grants":{"type":"array","description":"What each group may do (docs/security.md, \"Grants\"): its actions, and for each action which records (a rule of the filter language), which fields it may not see or change, and the values the server sets when it adds. A user in several groups may do what any of their grants allows (the union).","maxItems":100,"items":{"$ref":"#/$defs/grant"}}},"additionalProperties":false},"filter":{"title":"Filter","type":"object","properties":{"fieldname":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"value":{"type":"string","x-tessera":{"label":"Value","order":1}}},"required":["fieldname"],"additionalProperties":false},"sort":{"title":"Sort","type":"object","properties":{"fieldname":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"sorttype":{"type":"string","enum":["ASC","DESC"],"x-tessera":{"label":"Order","order":1,"options":{"ASC":"Ascending (ASC)","DESC":"Descending (DESC)"}}}},"required":["fieldname","sorttype"],"additionalProperties":false},"fieldCommon":{"title":"FieldCommon","description":"Properties every field column shares (name, label, default, hint, placeholder, validation and the like). Composed into plugin schemas, so it has no additionalProperties of its own.","type":"object","properties":{"name":{"type":"string","description":"Chosen from the model fields.","x-tessera":{"editor":"field","label":"Field","order":0}},"label":{"type":"string","x-tessera":{"label":"Label","order":2}},"showlabelchecked":{"type":"boolean","default":true,"description":"Whether the label is shown; left out, it is (screen readers always get it).","x-tessera":{"label":"Show label"}},"hasdefault":{"type":"boolean","x-tessera":{"label":"Has default"}},"default":{"type":"string","x-tessera":{"label":"Default","enabledBy":"hasdefault"}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint"}},"hint":{"type":"string","x-tessera":{"label":"Hint","enabledBy":"showhintchecked"}},"placeholderchecked":{"type":"boolean","x-tessera":{"label":"Show placeholder"}},"placeholder":{"type":"string","x-tessera":{"label":"Placeholder","enabledBy":"placeholderchecked"}},"regularexpressionchecked":{"type":"boolean","x-tessera":{"label":"Check a regular expression","group":"Validation","order":1}},"regularexpression":{"type":"string","x-tessera":{"label":"Regular expression","group":"Validation","order":2,"enabledBy":"regularexpressionchecked"}},"minchecked":{"type":"boolean","x-tessera":{"label":"Check minimum","group":"Validation","order":4}},"min":{"type":"number","x-tessera":{"label":"Minimum","group":"Validation","order":5,"enabledBy":"minchecked"}},"maxchecked":{"type":"boolean","x-tessera":{"label":"Check maximum","group":"Validation","order":6}},"max":{"type":"number","x-tessera":{"label":"Maximum","group":"Validation","order":7,"enabledBy":"maxchecked"}},"errormessage":{"type":"string","x-tessera":{"label":"Error message","group":"Validation","order":3,"enabledBy":"regularexpressionchecked"}},"disabled":{"type":"boolean","x-tessera":{"label":"Disabled","advanced":true}},"required":{"type":"boolean","x-tessera":{"label":"Required","group":"Validation","order":0}},"hasbutton":{"type":"boolean","x-tessera":{"label":"Has button","advanced":true}}}},"grant":{"title":"Grant","type":"object","properties":{"group":{"type":"string","minLength":1,"description":"The group the grant is for; Everyone is every signed-in user."},"actions":{"type":"array","uniqueItems":true,"items":{"$ref":"#/$defs/grantAction"},"description":"What the group may do: read (open a form's record, see a grid's rows, a select's options), add, update, delete, clear (a grid's Clear), export and history (a form's record history, within the grant's read rule: docs/history.md)."},"rules":{"type":"object","description":"Per action, the records it reaches: a filter of the filter language (docs/filters.md) with the variables CURRENT_USER (its id, fields and groups), NOW and TODAY. An action without a rule reaches every record.","properties":{"read":{"$ref":"https://tessera.dev/schemas/filter.json"},"update":{"$ref":"https://tessera.dev/schemas/filter.json"},"delete":{"$ref":"https://tessera.dev/schemas/filter.json"},"clear":{"$ref":"https://tessera.dev/schemas/filter.json"},"export":{"$ref":"https://tessera.dev/schemas/filter.json"}},"additionalProperties":false},"fields":{"type":"object","description":"Fields this group may not see (hidden: never sent, not searched, sorted or filtered by) or not change (readonly: sent, refused on write).","additionalProperties":{"enum":["hidden","readonly"]},"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"}},"presets":{"type":"object","description":"Values the server sets on add for this group, which the client cannot override: a literal, or a variable ({ \"var\": \"CURRENT_USER.department\" }).","additionalProperties":{"$ref":"https://tessera.dev/schemas/filter.json#/$defs/value"},"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"}}},"required":["group","actions"],"additionalProperties":false},"grantAction":{"title":"GrantAction","enum":["read","add","update","delete","clear","export","history"]}}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/common.json" */;
validate24.errors = null;
return true;
}
validate24.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const v1 = validate25;
const schema40 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/filter.json","title":"FilterTree","description":"A filter (docs/filters.md): a top group, { \"and\": [...] } or { \"or\": [...] }, whose items are conditions or groups of conditions. Choices are written as if/then/else so a refusal names the branch the value meant, not every branch it failed.","type":"object","if":{"type":"object","properties":{"and":true},"required":["and"]},"then":{"$ref":"#/$defs/all"},"else":{"$ref":"#/$defs/any"},"$defs":{"all":{"title":"FilterAll","description":"Every item holds.","type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/item"}}},"required":["and"],"additionalProperties":false},"any":{"title":"FilterAny","description":"At least one item holds.","type":"object","properties":{"or":{"type":"array","items":{"$ref":"#/$defs/item"}}},"required":["or"],"additionalProperties":false},"item":{"title":"FilterItem","description":"An item of the top group: a group of conditions, an old-style filter ({ fieldname, value }: the field equals the value) or a condition. A grid's filters are such items, ANDed.","type":"object","if":{"type":"object","properties":{"and":true},"required":["and"]},"then":{"$ref":"#/$defs/groupAll"},"else":{"if":{"type":"object","properties":{"or":true},"required":["or"]},"then":{"$ref":"#/$defs/groupAny"},"else":{"$ref":"#/$defs/conditionItem"}}},"groupAll":{"title":"FilterGroupAll","description":"A group whose conditions all hold.","type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/groupItem"}}},"required":["and"],"additionalProperties":false},"groupAny":{"title":"FilterGroupAny","description":"A group of which at least one condition holds.","type":"object","properties":{"or":{"type":"array","items":{"$ref":"#/$defs/groupItem"}}},"required":["or"],"additionalProperties":false},"groupItem":{"title":"FilterGroupItem","description":"An item of a group: a condition or an old-style filter. A group inside a group is refused.","type":"object","if":{"type":"object","anyOf":[{"properties":{"and":true},"required":["and"]},{"properties":{"or":true},"required":["or"]}]},"then":{"description":"A group inside a group: refused, a filter is one level of groups deep.","not":{}},"else":{"$ref":"#/$defs/conditionItem"}},"conditionItem":{"title":"FilterConditionItem","description":"A condition, or an old-style filter when it has a fieldname.","type":"object","if":{"type":"object","properties":{"fieldname":true},"required":["fieldname"]},"then":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/filter"},"else":{"$ref":"#/$defs/condition"}},"condition":{"title":"FilterCondition","description":"A field, an operator and, except for empty and notEmpty, a value.","type":"object","properties":{"field":{"type":"string","minLength":1,"maxLength":200,"description":"A field of the model, or a path through reference fields: customer.city, order.customer.name (two hops at most)."},"op":{"$ref":"#/$defs/operator"},"value":{"$ref":"#/$defs/operand"}},"required":["field","op"],"additionalProperties":false},"operator":{"title":"FilterOperator","type":"string","enum":["eq","ne","contains","startsWith","empty","notEmpty","gt","gte","lt","lte","between","lastDays","in"]},"operand":{"title":"FilterOperand","description":"One value (a literal or a variable), or a list of them (between: [low, high]; in: one or more).","if":{"type":"array"},"then":{"type":"array","items":{"$ref":"#/$defs/value"},"maxItems":1000},"else":{"$ref":"#/$defs/value"}},"value":{"title":"FilterValue","description":"A literal of the field's type, or a variable.","if":{"type":"object"},"then":{"$ref":"#/$defs/variable"},"else":{"$ref":"#/$defs/literal"}},"literal":{"title":"FilterLiteral","description":"Text, a number, or true or false, as the field's type asks.","anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]},"variable":{"title":"FilterVariable","description":"A value known when the filter runs: NOW (a date and time), TODAY (a date), CURRENT_USER.id (the signed-in user's id), CURRENT_USER.<field> (a field of the signed-in user's User record, such as CURRENT_USER.branch), RECORD.id (the id of the record of the form a grid is embedded in); RECORD.<field> (a field of the record an automation runs on: its trigger's record).","type":"object","properties":{"var":{"anyOf":[{"$ref":"#/$defs/variableName"},{"$ref":"#/$defs/userFieldVariable"},{"$ref":"#/$defs/recordFieldVariable"}]}},"required":["var"],"additionalProperties":false},"variableName":{"title":"FilterVariableName","type":"string","enum":["NOW","TODAY","CURRENT_USER.id","RECORD.id"]},"userFieldVariable":{"title":"FilterUserFieldVariable","description":"CURRENT_USER.<field>: a field of the signed-in user's User record (its value when the filter runs).","type":"string","pattern":"^CURRENT_USER\\.[A-Za-z_][A-Za-z0-9_]*$","maxLength":80},"recordFieldVariable":{"title":"FilterRecordFieldVariable","description":"RECORD.<field>: a field of the record an automation runs on (its value when the condition is tested); only an automation's conditions know it.","type":"string","pattern":"^RECORD\\.[A-Za-z_][A-Za-z0-9_]*$","maxLength":80}}};
const schema41 = {"title":"FilterAll","description":"Every item holds.","type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/item"}}},"required":["and"],"additionalProperties":false};
const schema42 = {"title":"FilterItem","description":"An item of the top group: a group of conditions, an old-style filter ({ fieldname, value }: the field equals the value) or a condition. A grid's filters are such items, ANDed.","type":"object","if":{"type":"object","properties":{"and":true},"required":["and"]},"then":{"$ref":"#/$defs/groupAll"},"else":{"if":{"type":"object","properties":{"or":true},"required":["or"]},"then":{"$ref":"#/$defs/groupAny"},"else":{"$ref":"#/$defs/conditionItem"}}};
const schema43 = {"title":"FilterGroupAll","description":"A group whose conditions all hold.","type":"object","properties":{"and":{"type":"array","items":{"$ref":"#/$defs/groupItem"}}},"required":["and"],"additionalProperties":false};
const schema44 = {"title":"FilterGroupItem","description":"An item of a group: a condition or an old-style filter. A group inside a group is refused.","type":"object","if":{"type":"object","anyOf":[{"properties":{"and":true},"required":["and"]},{"properties":{"or":true},"required":["or"]}]},"then":{"description":"A group inside a group: refused, a filter is one level of groups deep.","not":{}},"else":{"$ref":"#/$defs/conditionItem"}};
const schema45 = {"title":"FilterConditionItem","description":"A condition, or an old-style filter when it has a fieldname.","type":"object","if":{"type":"object","properties":{"fieldname":true},"required":["fieldname"]},"then":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/filter"},"else":{"$ref":"#/$defs/condition"}};
const schema46 = {"title":"Filter","type":"object","properties":{"fieldname":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"value":{"type":"string","x-tessera":{"label":"Value","order":1}}},"required":["fieldname"],"additionalProperties":false};
const schema47 = {"title":"FilterCondition","description":"A field, an operator and, except for empty and notEmpty, a value.","type":"object","properties":{"field":{"type":"string","minLength":1,"maxLength":200,"description":"A field of the model, or a path through reference fields: customer.city, order.customer.name (two hops at most)."},"op":{"$ref":"#/$defs/operator"},"value":{"$ref":"#/$defs/operand"}},"required":["field","op"],"additionalProperties":false};
const schema48 = {"title":"FilterOperator","type":"string","enum":["eq","ne","contains","startsWith","empty","notEmpty","gt","gte","lt","lte","between","lastDays","in"]};
const func2 = runtime0.default;
const schema49 = {"title":"FilterOperand","description":"One value (a literal or a variable), or a list of them (between: [low, high]; in: one or more).","if":{"type":"array"},"then":{"type":"array","items":{"$ref":"#/$defs/value"},"maxItems":1000},"else":{"$ref":"#/$defs/value"}};
const schema50 = {"title":"FilterValue","description":"A literal of the field's type, or a variable.","if":{"type":"object"},"then":{"$ref":"#/$defs/variable"},"else":{"$ref":"#/$defs/literal"}};
const schema55 = {"title":"FilterLiteral","description":"Text, a number, or true or false, as the field's type asks.","anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"}]};
const schema51 = {"title":"FilterVariable","description":"A value known when the filter runs: NOW (a date and time), TODAY (a date), CURRENT_USER.id (the signed-in user's id), CURRENT_USER.<field> (a field of the signed-in user's User record, such as CURRENT_USER.branch), RECORD.id (the id of the record of the form a grid is embedded in); RECORD.<field> (a field of the record an automation runs on: its trigger's record).","type":"object","properties":{"var":{"anyOf":[{"$ref":"#/$defs/variableName"},{"$ref":"#/$defs/userFieldVariable"},{"$ref":"#/$defs/recordFieldVariable"}]}},"required":["var"],"additionalProperties":false};
const schema52 = {"title":"FilterVariableName","type":"string","enum":["NOW","TODAY","CURRENT_USER.id","RECORD.id"]};
const schema53 = {"title":"FilterUserFieldVariable","description":"CURRENT_USER.<field>: a field of the signed-in user's User record (its value when the filter runs).","type":"string","pattern":"^CURRENT_USER\\.[A-Za-z_][A-Za-z0-9_]*$","maxLength":80};
const schema54 = {"title":"FilterRecordFieldVariable","description":"RECORD.<field>: a field of the record an automation runs on (its value when the condition is tested); only an automation's conditions know it.","type":"string","pattern":"^RECORD\\.[A-Za-z_][A-Za-z0-9_]*$","maxLength":80};
const pattern7 = new RegExp("^CURRENT_USER\\.[A-Za-z_][A-Za-z0-9_]*$", "u");
const pattern8 = new RegExp("^RECORD\\.[A-Za-z_][A-Za-z0-9_]*$", "u");

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.var === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "var"},message:"must have required property '"+"var"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "var")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.var !== undefined){
let data0 = data.var;
const _errs3 = errors;
let valid1 = false;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/variableName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!((((data0 === "NOW") || (data0 === "TODAY")) || (data0 === "CURRENT_USER.id")) || (data0 === "RECORD.id"))){
const err3 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/variableName/enum",keyword:"enum",params:{allowedValues: schema52.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid1 = valid1 || _valid0;
const _errs7 = errors;
if(typeof data0 === "string"){
if(func2(data0) > 80){
const err4 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/userFieldVariable/maxLength",keyword:"maxLength",params:{limit: 80},message:"must NOT have more than 80 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern7.test(data0)){
const err5 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/userFieldVariable/pattern",keyword:"pattern",params:{pattern: "^CURRENT_USER\\.[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^CURRENT_USER\\.[A-Za-z_][A-Za-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/userFieldVariable/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs7 === errors;
valid1 = valid1 || _valid0;
const _errs10 = errors;
if(typeof data0 === "string"){
if(func2(data0) > 80){
const err7 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/recordFieldVariable/maxLength",keyword:"maxLength",params:{limit: 80},message:"must NOT have more than 80 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern8.test(data0)){
const err8 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/recordFieldVariable/pattern",keyword:"pattern",params:{pattern: "^RECORD\\.[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^RECORD\\.[A-Za-z_][A-Za-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/var",schemaPath:"#/$defs/recordFieldVariable/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid0 = _errs10 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const err10 = {instancePath:instancePath+"/var",schemaPath:"#/properties/var/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate33.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = true;
const _errs1 = errors;
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs1 === errors;
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs3 = errors;
if(!(validate34(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
errors = vErrors.length;
}
var _valid0 = _errs3 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs4 = errors;
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(typeof data !== "string"){
const err1 = {instancePath,schemaPath:"#/$defs/literal/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
const _errs9 = errors;
if(!((typeof data == "number") && (isFinite(data)))){
const err2 = {instancePath,schemaPath:"#/$defs/literal/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid1 = _errs9 === errors;
valid2 = valid2 || _valid1;
const _errs11 = errors;
if(typeof data !== "boolean"){
const err3 = {instancePath,schemaPath:"#/$defs/literal/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid1 = _errs11 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const err4 = {instancePath,schemaPath:"#/$defs/literal/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
ifClause0 = "else";
}
if(!valid0){
const err5 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate33.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate33.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate32.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = true;
const _errs1 = errors;
if(!(Array.isArray(data))){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs1 === errors;
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs3 = errors;
if(Array.isArray(data)){
if(data.length > 1000){
const err1 = {instancePath,schemaPath:"#/then/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
if(!(validate33(data[i0], {instancePath:instancePath+"/" + i0,parentData:data,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/then/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid0 = _errs3 === errors;
valid0 = _valid0;
if(valid0){
var items0 = true;
}
ifClause0 = "then";
}
else {
const _errs6 = errors;
if(!(validate33(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);
errors = vErrors.length;
}
else {
var props1 = validate33.evaluated.props;
}
var _valid0 = _errs6 === errors;
valid0 = _valid0;
ifClause0 = "else";
}
if(!valid0){
const err3 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate32.errors = vErrors;
evaluated0.props = props1;
evaluated0.items = items0;
return errors === 0;
}
validate32.evaluated = {"dynamicProps":true,"dynamicItems":true};


function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.field === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "field"},message:"must have required property '"+"field"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.op === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "op"},message:"must have required property '"+"op"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "field") || (key0 === "op")) || (key0 === "value"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.field !== undefined){
let data0 = data.field;
if(typeof data0 === "string"){
if(func2(data0) > 200){
const err3 = {instancePath:instancePath+"/field",schemaPath:"#/properties/field/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func2(data0) < 1){
const err4 = {instancePath:instancePath+"/field",schemaPath:"#/properties/field/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/field",schemaPath:"#/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.op !== undefined){
let data1 = data.op;
if(typeof data1 !== "string"){
const err6 = {instancePath:instancePath+"/op",schemaPath:"#/$defs/operator/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(((((((((((((data1 === "eq") || (data1 === "ne")) || (data1 === "contains")) || (data1 === "startsWith")) || (data1 === "empty")) || (data1 === "notEmpty")) || (data1 === "gt")) || (data1 === "gte")) || (data1 === "lt")) || (data1 === "lte")) || (data1 === "between")) || (data1 === "lastDays")) || (data1 === "in"))){
const err7 = {instancePath:instancePath+"/op",schemaPath:"#/$defs/operator/enum",keyword:"enum",params:{allowedValues: schema48.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.value !== undefined){
if(!(validate32(data.value, {instancePath:instancePath+"/value",parentData:data,parentDataProperty:"value",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(errors === _errs2){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.fieldname === undefined) && (missing0 = "fieldname")){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fieldname === undefined){
const err3 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "fieldname") || (key0 === "value"))){
const err4 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.fieldname !== undefined){
if(typeof data.fieldname !== "string"){
const err5 = {instancePath:instancePath+"/fieldname",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.value !== undefined){
if(typeof data.value !== "string"){
const err6 = {instancePath:instancePath+"/value",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs14 = errors;
if(!(validate31(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
var _valid0 = _errs14 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true){
props0 = true;
}
}
ifClause0 = "else";
}
if(!valid0){
const err8 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate30.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate30.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const _errs4 = errors;
let valid1 = false;
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.and === undefined) && (missing0 = "and")){
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid1 = _errs5 === errors;
valid1 = valid1 || _valid1;
if(_valid1){
var props0 = {};
props0.and = true;
}
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.or === undefined) && (missing1 = "or")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs6 === errors;
valid1 = valid1 || _valid1;
if(_valid1){
if(props0 !== true){
props0 = props0 || {};
props0.or = true;
}
}
if(!valid1){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs4;
if(vErrors !== null){
if(_errs4){
vErrors.length = _errs4;
}
else {
vErrors = null;
}
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs7 = errors;
const err5 = {instancePath,schemaPath:"#/then/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
var _valid0 = _errs7 === errors;
valid0 = _valid0;
ifClause0 = "then";
}
else {
const _errs9 = errors;
if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
else {
var props1 = validate30.evaluated.props;
}
var _valid0 = _errs9 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
}
ifClause0 = "else";
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate29.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate29.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.and === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "and"},message:"must have required property '"+"and"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "and")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.and !== undefined){
let data0 = data.and;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate29(data0[i0], {instancePath:instancePath+"/and/" + i0,parentData:data0,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath:instancePath+"/and",schemaPath:"#/properties/and/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema56 = {"title":"FilterGroupAny","description":"A group of which at least one condition holds.","type":"object","properties":{"or":{"type":"array","items":{"$ref":"#/$defs/groupItem"}}},"required":["or"],"additionalProperties":false};

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate43.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.or === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "or"},message:"must have required property '"+"or"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "or")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.or !== undefined){
let data0 = data.or;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate29(data0[i0], {instancePath:instancePath+"/or/" + i0,parentData:data0,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath:instancePath+"/or",schemaPath:"#/properties/or/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}
validate43.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(errors === _errs2){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.and === undefined) && (missing0 = "and")){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs4 = errors;
if(!(validate28(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs5 = errors;
const _errs6 = errors;
let valid1 = true;
const _errs7 = errors;
if(errors === _errs7){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.or === undefined) && (missing1 = "or")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
let ifClause1;
if(_valid1){
const _errs9 = errors;
if(!(validate43(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate43.errors : vErrors.concat(validate43.errors);
errors = vErrors.length;
}
var _valid1 = _errs9 === errors;
valid1 = _valid1;
if(valid1){
var props1 = true;
}
ifClause1 = "then";
}
else {
const _errs10 = errors;
if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
else {
var props2 = validate30.evaluated.props;
}
var _valid1 = _errs10 === errors;
valid1 = _valid1;
if(valid1){
if(props1 !== true && props2 !== undefined){
if(props2 === true){
props1 = true;
}
else {
props1 = props1 || {};
Object.assign(props1, props2);
}
}
}
ifClause1 = "else";
}
if(!valid1){
const err5 = {instancePath,schemaPath:"#/else/if",keyword:"if",params:{failingKeyword: ifClause1},message:"must match \""+ifClause1+"\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs5 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
}
ifClause0 = "else";
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate27.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate27.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.and === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "and"},message:"must have required property '"+"and"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "and")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.and !== undefined){
let data0 = data.and;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate27(data0[i0], {instancePath:instancePath+"/and/" + i0,parentData:data0,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath:instancePath+"/and",schemaPath:"#/properties/and/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema57 = {"title":"FilterAny","description":"At least one item holds.","type":"object","properties":{"or":{"type":"array","items":{"$ref":"#/$defs/item"}}},"required":["or"],"additionalProperties":false};

function validate49(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate49.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.or === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "or"},message:"must have required property '"+"or"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "or")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.or !== undefined){
let data0 = data.or;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate27(data0[i0], {instancePath:instancePath+"/or/" + i0,parentData:data0,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath:instancePath+"/or",schemaPath:"#/properties/or/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate49.errors = vErrors;
return errors === 0;
}
validate49.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/filter.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(errors === _errs2){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.and === undefined) && (missing0 = "and")){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs4 = errors;
if(!(validate26(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs5 = errors;
if(!(validate49(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate49.errors : vErrors.concat(validate49.errors);
errors = vErrors.length;
}
var _valid0 = _errs5 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true){
props0 = true;
}
}
ifClause0 = "else";
}
if(!valid0){
const err3 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate25.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate25.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const v2 = validate52;
const schema58 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/action.json","title":"Action","description":"A toolbar action (link).","type":"object","properties":{"url":{"type":"string","x-tessera":{"editor":"url","label":"Url","order":1}},"label":{"type":"string","default":"Action","x-tessera":{"label":"Label","order":0}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint","order":2}},"hint":{"type":"string","x-tessera":{"label":"Hint","order":3,"enabledBy":"showhintchecked"}},"iconchecked":{"type":"boolean","x-tessera":{"label":"Show icon","order":4}},"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","order":5,"enabledBy":"iconchecked"}},"rightalignchecked":{"type":"boolean","x-tessera":{"label":"Right aligned","order":6}},"opennewwindowchecked":{"type":"boolean","x-tessera":{"label":"Opens a new window","order":7}}},"required":["url"],"additionalProperties":false};

function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/action.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate52.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "url") || (key0 === "label")) || (key0 === "showhintchecked")) || (key0 === "hint")) || (key0 === "iconchecked")) || (key0 === "icon")) || (key0 === "rightalignchecked")) || (key0 === "opennewwindowchecked"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err3 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err4 = {instancePath:instancePath+"/showhintchecked",schemaPath:"#/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err5 = {instancePath:instancePath+"/hint",schemaPath:"#/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.iconchecked !== undefined){
if(typeof data.iconchecked !== "boolean"){
const err6 = {instancePath:instancePath+"/iconchecked",schemaPath:"#/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err7 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.rightalignchecked !== undefined){
if(typeof data.rightalignchecked !== "boolean"){
const err8 = {instancePath:instancePath+"/rightalignchecked",schemaPath:"#/properties/rightalignchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.opennewwindowchecked !== undefined){
if(typeof data.opennewwindowchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/opennewwindowchecked",schemaPath:"#/properties/opennewwindowchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}
validate52.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v3 = validate53;
const schema59 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/row-action.json","title":"RowAction","description":"A grid row action; `:field` in the url is filled from the row, and in the label by what the row's cell shows (a reference's name).","type":"object","properties":{"url":{"type":"string","x-tessera":{"editor":"url","label":"Url","order":1,"placeholder":"/form/name/edit/:id"}},"label":{"type":"string","x-tessera":{"label":"Label","order":0}},"hint":{"type":"string","x-tessera":{"label":"Hint","order":3,"enabledBy":"showhintchecked"}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint","order":2}},"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","order":5,"enabledBy":"iconchecked"}},"iconchecked":{"type":"boolean","x-tessera":{"label":"Show icon","order":4}}},"required":["url"],"additionalProperties":false};

function validate53(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/row-action.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate53.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "url") || (key0 === "label")) || (key0 === "hint")) || (key0 === "showhintchecked")) || (key0 === "icon")) || (key0 === "iconchecked"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err3 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err4 = {instancePath:instancePath+"/hint",schemaPath:"#/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"#/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err6 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.iconchecked !== undefined){
if(typeof data.iconchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/iconchecked",schemaPath:"#/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate53.errors = vErrors;
return errors === 0;
}
validate53.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v4 = validate54;
const schema60 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/row.json","title":"Row","type":"object","properties":{"cols":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/column.json"}}},"required":["cols"],"additionalProperties":false};
const schema61 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/column.json","$comment":"Generated by `npm run gen:types` from the folders under plugins/; do not edit.","title":"Column","description":"One column of a row; its childType picks the plugin.","type":"object","discriminator":{"propertyName":"childType"},"oneOf":[{"$ref":"https://tessera.dev/schemas/plugins/button.json"},{"$ref":"https://tessera.dev/schemas/plugins/card.json"},{"$ref":"https://tessera.dev/schemas/plugins/checkbox.json"},{"$ref":"https://tessera.dev/schemas/plugins/code-editor.json"},{"$ref":"https://tessera.dev/schemas/plugins/dual-list.json"},{"$ref":"https://tessera.dev/schemas/plugins/editor.json"},{"$ref":"https://tessera.dev/schemas/plugins/form-designer.json"},{"$ref":"https://tessera.dev/schemas/plugins/grid.json"},{"$ref":"https://tessera.dev/schemas/plugins/grid-designer.json"},{"$ref":"https://tessera.dev/schemas/plugins/hidden.json"},{"$ref":"https://tessera.dev/schemas/plugins/html.json"},{"$ref":"https://tessera.dev/schemas/plugins/input.json"},{"$ref":"https://tessera.dev/schemas/plugins/menu-designer.json"},{"$ref":"https://tessera.dev/schemas/plugins/model-designer.json"},{"$ref":"https://tessera.dev/schemas/plugins/none.json"},{"$ref":"https://tessera.dev/schemas/plugins/page-designer.json"},{"$ref":"https://tessera.dev/schemas/plugins/rating.json"},{"$ref":"https://tessera.dev/schemas/plugins/reference.json"},{"$ref":"https://tessera.dev/schemas/plugins/rows.json"},{"$ref":"https://tessera.dev/schemas/plugins/select.json"},{"$ref":"https://tessera.dev/schemas/plugins/tabs.json"},{"$ref":"https://tessera.dev/schemas/plugins/text.json"},{"$ref":"https://tessera.dev/schemas/plugins/text-area.json"},{"$ref":"https://tessera.dev/schemas/plugins/work-flow.json"}]};
const schema62 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/button.json","title":"ButtonColumn","x-tessera":{"label":"Button","description":"A link styled as a button, with an optional icon.","icon":"hand-index","category":"content","designers":["form"],"order":3},"type":"object","properties":{"childType":{"const":"Button","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"label":{"type":"string","x-tessera":{"label":"Label","order":0}},"url":{"type":"string","x-tessera":{"editor":"url","label":"Link","order":2}},"hint":{"type":"string","x-tessera":{"label":"Hint","enabledBy":"showhintchecked"}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint"}},"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","enabledBy":"iconchecked"}},"iconchecked":{"type":"boolean","x-tessera":{"label":"Show icon"}}},"required":["childType","width"],"additionalProperties":false};
const schema63 = {"type":"integer","minimum":0,"maximum":12,"default":0,"description":"0 means automatic; 1 to 12 grid units otherwise."};

function validate56(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/button.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate56.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "childType") || (key0 === "width")) || (key0 === "label")) || (key0 === "url")) || (key0 === "hint")) || (key0 === "showhintchecked")) || (key0 === "icon")) || (key0 === "iconchecked"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Button" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Button"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err7 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err8 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err9 = {instancePath:instancePath+"/hint",schemaPath:"#/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err10 = {instancePath:instancePath+"/showhintchecked",schemaPath:"#/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err11 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.iconchecked !== undefined){
if(typeof data.iconchecked !== "boolean"){
const err12 = {instancePath:instancePath+"/iconchecked",schemaPath:"#/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate56.errors = vErrors;
return errors === 0;
}
validate56.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema64 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/card.json","title":"CardColumn","x-tessera":{"label":"Card","description":"A titled, optionally collapsible box holding rows or tabs.","icon":"card-heading","category":"layout","designers":["form","page"],"order":1},"type":"object","properties":{"childType":{"const":"Card","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"contenttype":{"type":"string","enum":["Rows","Tabs"],"default":"Rows","x-tessera":{"label":"Content","options":{"Rows":"Rows","Tabs":"Tabs"},"order":2}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint"}},"hint":{"type":"string","x-tessera":{"label":"Hint","enabledBy":"showhintchecked"}},"iconchecked":{"type":"boolean","x-tessera":{"label":"Show icon"}},"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","enabledBy":"iconchecked"}},"collapsable":{"type":"boolean","x-tessera":{"label":"Collapsible"}},"collapsed":{"type":"boolean","x-tessera":{"label":"Starts collapsed","enabledBy":"collapsable"}},"rows":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row.json"},"x-tessera":{"editor":"none","children":"rows","accepts":["*"],"when":{"contenttype":"Rows"}}},"tabs":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/tab.json"},"x-tessera":{"editor":"none","children":"tabs","accepts":["Tab"],"when":{"contenttype":"Tabs"}}}},"required":["childType","width"],"additionalProperties":false};
const func1 = Object.prototype.hasOwnProperty;
const wrapper0 = {validate: validate54};
const schema66 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/tab.json","title":"Tab","description":"A tab inside Tabs or a Card.","type":"object","properties":{"childType":{"const":"Tab","x-tessera":{"editor":"none"}},"tabtitle":{"type":"string","description":"A new tab is titled 'Tab-N'.","x-tessera":{"label":"Title","order":0}},"tabcontenttype":{"type":"string","enum":["Rows","Tabs"],"default":"Rows","x-tessera":{"label":"Content","order":1,"options":{"Rows":"Rows","Tabs":"Tabs"}}},"tabshowhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint"}},"tabhint":{"type":"string","x-tessera":{"label":"Hint","enabledBy":"tabshowhintchecked"}},"tabiconchecked":{"type":"boolean","x-tessera":{"label":"Show icon"}},"tabicon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","enabledBy":"tabiconchecked"}},"rows":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row.json"},"x-tessera":{"editor":"none","children":"rows","accepts":["*"],"when":{"tabcontenttype":"Rows"}}},"tabs":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/tab.json"},"x-tessera":{"editor":"none","children":"tabs","accepts":["Tab"],"when":{"tabcontenttype":"Tabs"}}}},"required":["childType"],"additionalProperties":false};
const wrapper2 = {validate: validate58};

function validate58(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/tab.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate58.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema66.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.childType !== undefined){
if("Tab" !== data.childType){
const err2 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Tab"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.tabtitle !== undefined){
if(typeof data.tabtitle !== "string"){
const err3 = {instancePath:instancePath+"/tabtitle",schemaPath:"#/properties/tabtitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.tabcontenttype !== undefined){
let data2 = data.tabcontenttype;
if(typeof data2 !== "string"){
const err4 = {instancePath:instancePath+"/tabcontenttype",schemaPath:"#/properties/tabcontenttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!((data2 === "Rows") || (data2 === "Tabs"))){
const err5 = {instancePath:instancePath+"/tabcontenttype",schemaPath:"#/properties/tabcontenttype/enum",keyword:"enum",params:{allowedValues: schema66.properties.tabcontenttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.tabshowhintchecked !== undefined){
if(typeof data.tabshowhintchecked !== "boolean"){
const err6 = {instancePath:instancePath+"/tabshowhintchecked",schemaPath:"#/properties/tabshowhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.tabhint !== undefined){
if(typeof data.tabhint !== "string"){
const err7 = {instancePath:instancePath+"/tabhint",schemaPath:"#/properties/tabhint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.tabiconchecked !== undefined){
if(typeof data.tabiconchecked !== "boolean"){
const err8 = {instancePath:instancePath+"/tabiconchecked",schemaPath:"#/properties/tabiconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.tabicon !== undefined){
if(typeof data.tabicon !== "string"){
const err9 = {instancePath:instancePath+"/tabicon",schemaPath:"#/properties/tabicon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.rows !== undefined){
let data7 = data.rows;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper0.validate(data7[i0], {instancePath:instancePath+"/rows/" + i0,parentData:data7,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err10 = {instancePath:instancePath+"/rows",schemaPath:"#/properties/rows/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.tabs !== undefined){
let data9 = data.tabs;
if(Array.isArray(data9)){
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
if(!(wrapper2.validate(data9[i1], {instancePath:instancePath+"/tabs/" + i1,parentData:data9,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper2.validate.errors : vErrors.concat(wrapper2.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err11 = {instancePath:instancePath+"/tabs",schemaPath:"#/properties/tabs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate58.errors = vErrors;
return errors === 0;
}
validate58.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate57(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/card.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate57.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema64.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Card" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Card"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err7 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.contenttype !== undefined){
let data3 = data.contenttype;
if(typeof data3 !== "string"){
const err8 = {instancePath:instancePath+"/contenttype",schemaPath:"#/properties/contenttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!((data3 === "Rows") || (data3 === "Tabs"))){
const err9 = {instancePath:instancePath+"/contenttype",schemaPath:"#/properties/contenttype/enum",keyword:"enum",params:{allowedValues: schema64.properties.contenttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err10 = {instancePath:instancePath+"/showhintchecked",schemaPath:"#/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err11 = {instancePath:instancePath+"/hint",schemaPath:"#/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.iconchecked !== undefined){
if(typeof data.iconchecked !== "boolean"){
const err12 = {instancePath:instancePath+"/iconchecked",schemaPath:"#/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err13 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.collapsable !== undefined){
if(typeof data.collapsable !== "boolean"){
const err14 = {instancePath:instancePath+"/collapsable",schemaPath:"#/properties/collapsable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.collapsed !== undefined){
if(typeof data.collapsed !== "boolean"){
const err15 = {instancePath:instancePath+"/collapsed",schemaPath:"#/properties/collapsed/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.rows !== undefined){
let data10 = data.rows;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper0.validate(data10[i0], {instancePath:instancePath+"/rows/" + i0,parentData:data10,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath:instancePath+"/rows",schemaPath:"#/properties/rows/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.tabs !== undefined){
let data12 = data.tabs;
if(Array.isArray(data12)){
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
if(!(validate58(data12[i1], {instancePath:instancePath+"/tabs/" + i1,parentData:data12,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate58.errors : vErrors.concat(validate58.errors);
errors = vErrors.length;
}
}
}
else {
const err17 = {instancePath:instancePath+"/tabs",schemaPath:"#/properties/tabs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate57.errors = vErrors;
return errors === 0;
}
validate57.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema67 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/checkbox.json","title":"CheckboxColumn","x-tessera":{"label":"Checkbox","description":"A yes/no switch stored as a boolean.","icon":"check2-square","category":"field","designers":["form"],"order":2,"binds":["name"],"value":"boolean","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton","required"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Checkbox","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}}},"required":["childType","width"],"unevaluatedProperties":false};
const schema68 = {"title":"FieldCommon","description":"Properties every field column shares (name, label, default, hint, placeholder, validation and the like). Composed into plugin schemas, so it has no additionalProperties of its own.","type":"object","properties":{"name":{"type":"string","description":"Chosen from the model fields.","x-tessera":{"editor":"field","label":"Field","order":0}},"label":{"type":"string","x-tessera":{"label":"Label","order":2}},"showlabelchecked":{"type":"boolean","default":true,"description":"Whether the label is shown; left out, it is (screen readers always get it).","x-tessera":{"label":"Show label"}},"hasdefault":{"type":"boolean","x-tessera":{"label":"Has default"}},"default":{"type":"string","x-tessera":{"label":"Default","enabledBy":"hasdefault"}},"showhintchecked":{"type":"boolean","x-tessera":{"label":"Show hint"}},"hint":{"type":"string","x-tessera":{"label":"Hint","enabledBy":"showhintchecked"}},"placeholderchecked":{"type":"boolean","x-tessera":{"label":"Show placeholder"}},"placeholder":{"type":"string","x-tessera":{"label":"Placeholder","enabledBy":"placeholderchecked"}},"regularexpressionchecked":{"type":"boolean","x-tessera":{"label":"Check a regular expression","group":"Validation","order":1}},"regularexpression":{"type":"string","x-tessera":{"label":"Regular expression","group":"Validation","order":2,"enabledBy":"regularexpressionchecked"}},"minchecked":{"type":"boolean","x-tessera":{"label":"Check minimum","group":"Validation","order":4}},"min":{"type":"number","x-tessera":{"label":"Minimum","group":"Validation","order":5,"enabledBy":"minchecked"}},"maxchecked":{"type":"boolean","x-tessera":{"label":"Check maximum","group":"Validation","order":6}},"max":{"type":"number","x-tessera":{"label":"Maximum","group":"Validation","order":7,"enabledBy":"maxchecked"}},"errormessage":{"type":"string","x-tessera":{"label":"Error message","group":"Validation","order":3,"enabledBy":"regularexpressionchecked"}},"disabled":{"type":"boolean","x-tessera":{"label":"Disabled","advanced":true}},"required":{"type":"boolean","x-tessera":{"label":"Required","group":"Validation","order":0}},"hasbutton":{"type":"boolean","x-tessera":{"label":"Has button","advanced":true}}}};

function validate60(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/checkbox.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate60.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Checkbox" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Checkbox"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
for(const key0 in data){
if(((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err26 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate60.errors = vErrors;
return errors === 0;
}
validate60.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema70 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/code-editor.json","title":"CodeEditorColumn","x-tessera":{"label":"Code editor","description":"A code editor with syntax highlighting for Python, JavaScript, JSON, HTML, XML or SQL.","icon":"code-square","category":"field","designers":["form"],"order":5,"binds":["name"],"value":"text","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"CodeEditor","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"height":{"type":"integer","minimum":1,"default":10,"description":"Shown as vh.","x-tessera":{"label":"Height (vh)","order":3}},"language":{"type":"string","enum":["python","javascript","json","html","xml","sql"],"x-tessera":{"label":"Language","order":2,"options":{"python":"Python","javascript":"JavaScript","json":"JSON","html":"HTML","xml":"XML","sql":"SQL"}}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate61(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/code-editor.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate61.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("CodeEditor" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "CodeEditor"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.height !== undefined){
let data21 = data.height;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err26 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 1 || isNaN(data21)){
const err27 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.language !== undefined){
let data22 = data.language;
if(typeof data22 !== "string"){
const err28 = {instancePath:instancePath+"/language",schemaPath:"#/properties/language/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(!((((((data22 === "python") || (data22 === "javascript")) || (data22 === "json")) || (data22 === "html")) || (data22 === "xml")) || (data22 === "sql"))){
const err29 = {instancePath:instancePath+"/language",schemaPath:"#/properties/language/enum",keyword:"enum",params:{allowedValues: schema70.properties.language.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
for(const key0 in data){
if(((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "height")) && (key0 !== "language")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err30 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate61.errors = vErrors;
return errors === 0;
}
validate61.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema73 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/dual-list.json","title":"DualListColumn","x-tessera":{"label":"Dual list","description":"Picks linked records, as two lists or as chips typed into a search: the form's own links (/link/{Model}/{field}) are saved with the record, other lists after it.","icon":"arrow-left-right","category":"field","designers":["form"],"order":7,"omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton","hasdefault","default"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"DualList","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"link":{"type":"string","description":"A field of the form.","x-tessera":{"editor":"field","label":"Link field","order":0}},"url":{"type":"string","x-tessera":{"editor":"url","label":"Items url","order":2}},"picker":{"type":"string","enum":["dual","chips"],"default":"dual","description":"How the linked records are picked: two lists (Available and Selected), or chips added by typing to search (a /link/{Model}/{field} url only).","x-tessera":{"label":"Shown as","order":3,"options":{"dual":"Two lists","chips":"Chips (type to search)"}}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate62(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/dual-list.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate62.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("DualList" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "DualList"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.link !== undefined){
if(typeof data.link !== "string"){
const err26 = {instancePath:instancePath+"/link",schemaPath:"#/properties/link/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err27 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.picker !== undefined){
let data23 = data.picker;
if(typeof data23 !== "string"){
const err28 = {instancePath:instancePath+"/picker",schemaPath:"#/properties/picker/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(!((data23 === "dual") || (data23 === "chips"))){
const err29 = {instancePath:instancePath+"/picker",schemaPath:"#/properties/picker/enum",keyword:"enum",params:{allowedValues: schema73.properties.picker.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
for(const key0 in data){
if((((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "link")) && (key0 !== "url")) && (key0 !== "picker")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err30 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate62.errors = vErrors;
return errors === 0;
}
validate62.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema76 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/editor.json","title":"EditorColumn","x-tessera":{"label":"Rich text","description":"A rich text (HTML) editor.","icon":"type-bold","category":"field","designers":["form"],"order":4,"binds":["name"],"value":"html","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Editor","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate63(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/editor.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate63.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Editor" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Editor"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
for(const key0 in data){
if(((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err26 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate63.errors = vErrors;
return errors === 0;
}
validate63.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema79 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/form-designer.json","title":"FormDesignerColumn","x-tessera":{"label":"Form designer","description":"Edits a form definition held in a record field.","icon":"ui-checks","category":"designer","designers":["form"],"order":0,"binds":["definitionfield","modelfield"],"value":"json"},"type":"object","properties":{"childType":{"const":"FormDesigner","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"modelfield":{"type":"string","x-tessera":{"editor":"field","label":"Model field"}},"definitionfield":{"type":"string","x-tessera":{"editor":"field","label":"Definition field"}}},"required":["childType","width"],"additionalProperties":false};

function validate64(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/form-designer.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate64.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "childType") || (key0 === "width")) || (key0 === "modelfield")) || (key0 === "definitionfield"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("FormDesigner" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "FormDesigner"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.modelfield !== undefined){
if(typeof data.modelfield !== "string"){
const err7 = {instancePath:instancePath+"/modelfield",schemaPath:"#/properties/modelfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.definitionfield !== undefined){
if(typeof data.definitionfield !== "string"){
const err8 = {instancePath:instancePath+"/definitionfield",schemaPath:"#/properties/definitionfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate64.errors = vErrors;
return errors === 0;
}
validate64.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema81 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/grid.json","title":"GridColumn","x-tessera":{"label":"Grid","description":"A grid of records, by its code.","icon":"table","category":"embed","designers":["form","page"],"order":0},"type":"object","properties":{"childType":{"const":"Grid","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"name":{"type":"string","description":"A grid code.","x-tessera":{"editor":"grid","label":"Grid","order":0}}},"required":["childType","width"],"additionalProperties":false};

function validate65(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/grid.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate65.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "name"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Grid" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Grid"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate65.errors = vErrors;
return errors === 0;
}
validate65.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema83 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/grid-designer.json","title":"GridDesignerColumn","x-tessera":{"label":"Grid designer","description":"Edits a grid definition held in a record field.","icon":"grid-3x3","category":"designer","designers":["form"],"order":1,"binds":["definitionfield","modelfield"],"value":"json"},"type":"object","properties":{"childType":{"const":"GridDesigner","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"modelfield":{"type":"string","x-tessera":{"editor":"field","label":"Model field"}},"definitionfield":{"type":"string","x-tessera":{"editor":"field","label":"Definition field"}}},"required":["childType","width"],"additionalProperties":false};

function validate66(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/grid-designer.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate66.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "childType") || (key0 === "width")) || (key0 === "modelfield")) || (key0 === "definitionfield"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("GridDesigner" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "GridDesigner"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.modelfield !== undefined){
if(typeof data.modelfield !== "string"){
const err7 = {instancePath:instancePath+"/modelfield",schemaPath:"#/properties/modelfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.definitionfield !== undefined){
if(typeof data.definitionfield !== "string"){
const err8 = {instancePath:instancePath+"/definitionfield",schemaPath:"#/properties/definitionfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate66.errors = vErrors;
return errors === 0;
}
validate66.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema85 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/hidden.json","title":"HiddenColumn","x-tessera":{"label":"Hidden","description":"An invisible field set to its default value.","icon":"eye-slash","category":"field","designers":["form"],"order":6,"binds":["name"],"value":"text","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton","showlabelchecked","showhintchecked","hint","required","disabled"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Hidden","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate67(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/hidden.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate67.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Hidden" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Hidden"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
for(const key0 in data){
if(((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err26 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate67.errors = vErrors;
return errors === 0;
}
validate67.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema88 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/html.json","title":"HtmlColumn","x-tessera":{"label":"HTML","description":"A block of sanitised HTML.","icon":"filetype-html","category":"content","designers":["form","page"],"order":2},"type":"object","properties":{"childType":{"const":"Html","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"html":{"type":"string","description":"Sanitised before it is shown.","x-tessera":{"editor":"html","label":"HTML","order":0}}},"required":["childType","width"],"additionalProperties":false};

function validate68(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/html.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate68.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "html"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Html" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Html"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.html !== undefined){
if(typeof data.html !== "string"){
const err7 = {instancePath:instancePath+"/html",schemaPath:"#/properties/html/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate68.errors = vErrors;
return errors === 0;
}
validate68.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema90 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/input.json","title":"InputColumn","x-tessera":{"label":"Input","description":"A one-line field: text, number, e-mail, date, password and the other input types.","icon":"input-cursor-text","category":"field","designers":["form"],"order":0,"binds":["name"],"value":"text","validation":"generic"},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Input","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"fieldtype":{"type":"string","enum":["text","number","password","email","tel","hidden","date","datetime-local","time","month","week","url","color"],"default":"text","x-tessera":{"label":"Type","order":3,"options":{"text":"Text","number":"Number","password":"Password","email":"E-mail","tel":"Telephone","hidden":"Hidden","date":"Date","datetime-local":"Date and time","time":"Time","month":"Month","week":"Week","url":"Url","color":"Colour"}}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate69(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/input.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate69.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Input" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Input"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.fieldtype !== undefined){
let data21 = data.fieldtype;
if(typeof data21 !== "string"){
const err26 = {instancePath:instancePath+"/fieldtype",schemaPath:"#/properties/fieldtype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!(((((((((((((data21 === "text") || (data21 === "number")) || (data21 === "password")) || (data21 === "email")) || (data21 === "tel")) || (data21 === "hidden")) || (data21 === "date")) || (data21 === "datetime-local")) || (data21 === "time")) || (data21 === "month")) || (data21 === "week")) || (data21 === "url")) || (data21 === "color"))){
const err27 = {instancePath:instancePath+"/fieldtype",schemaPath:"#/properties/fieldtype/enum",keyword:"enum",params:{allowedValues: schema90.properties.fieldtype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
for(const key0 in data){
if((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "fieldtype")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err28 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate69.errors = vErrors;
return errors === 0;
}
validate69.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema93 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/menu-designer.json","title":"MenuDesignerColumn","x-tessera":{"label":"Menu designer","description":"Edits a work-flow menu definition held in a record field.","icon":"list-nested","category":"designer","designers":["form"],"order":3,"binds":["definitionfield"],"value":"json"},"type":"object","properties":{"childType":{"const":"MenuDesigner","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"definitionfield":{"type":"string","x-tessera":{"editor":"field","label":"Definition field"}}},"required":["childType","width"],"additionalProperties":false};

function validate70(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/menu-designer.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate70.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "definitionfield"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("MenuDesigner" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "MenuDesigner"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.definitionfield !== undefined){
if(typeof data.definitionfield !== "string"){
const err7 = {instancePath:instancePath+"/definitionfield",schemaPath:"#/properties/definitionfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate70.errors = vErrors;
return errors === 0;
}
validate70.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema95 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/model-designer.json","title":"ModelDesignerColumn","x-tessera":{"label":"Model designer","description":"Edits a model: its fields as a list, relations in words, and safe changes previewed before they are saved.","icon":"table","category":"designer","designers":["form"],"order":5,"binds":["definitionfield"],"value":"json"},"type":"object","properties":{"childType":{"const":"ModelDesigner","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"definitionfield":{"type":"string","x-tessera":{"editor":"field","label":"Definition field"}}},"required":["childType","width"],"additionalProperties":false};

function validate71(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/model-designer.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate71.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "definitionfield"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("ModelDesigner" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "ModelDesigner"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.definitionfield !== undefined){
if(typeof data.definitionfield !== "string"){
const err7 = {instancePath:instancePath+"/definitionfield",schemaPath:"#/properties/definitionfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate71.errors = vErrors;
return errors === 0;
}
validate71.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema97 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/none.json","title":"NoneColumn","x-tessera":{"label":"Empty","description":"An empty cell that keeps its width.","icon":"square","category":"content","designers":["form","page"],"order":0},"type":"object","properties":{"childType":{"const":"None","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}}},"required":["childType","width"],"additionalProperties":false};

function validate72(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/none.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate72.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "childType") || (key0 === "width"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("None" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "None"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate72.errors = vErrors;
return errors === 0;
}
validate72.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema99 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/page-designer.json","title":"PageDesignerColumn","x-tessera":{"label":"Page designer","description":"Edits a page definition held in a record field.","icon":"file-earmark-richtext","category":"designer","designers":["form"],"order":2,"binds":["definitionfield"],"value":"json"},"type":"object","properties":{"childType":{"const":"PageDesigner","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"definitionfield":{"type":"string","x-tessera":{"editor":"field","label":"Definition field"}}},"required":["childType","width"],"additionalProperties":false};

function validate73(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/page-designer.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate73.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "definitionfield"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("PageDesigner" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "PageDesigner"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.definitionfield !== undefined){
if(typeof data.definitionfield !== "string"){
const err7 = {instancePath:instancePath+"/definitionfield",schemaPath:"#/properties/definitionfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate73.errors = vErrors;
return errors === 0;
}
validate73.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema101 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/rating.json","title":"RatingColumn","x-tessera":{"label":"Rating","description":"One to N stars, stored as a number; operable by keyboard as a radio group.","icon":"star","category":"field","designers":["form"],"order":8,"binds":["name"],"value":"number","validation":"generic","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","hasbutton"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Rating","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"stars":{"type":"integer","minimum":1,"maximum":10,"default":5,"description":"How many stars are offered; the stored value is 1 to this.","x-tessera":{"label":"Stars","order":3}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate74(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/rating.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate74.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Rating" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Rating"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.stars !== undefined){
let data21 = data.stars;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err26 = {instancePath:instancePath+"/stars",schemaPath:"#/properties/stars/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 > 10 || isNaN(data21)){
const err27 = {instancePath:instancePath+"/stars",schemaPath:"#/properties/stars/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data21 < 1 || isNaN(data21)){
const err28 = {instancePath:instancePath+"/stars",schemaPath:"#/properties/stars/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
for(const key0 in data){
if((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "stars")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err29 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate74.errors = vErrors;
return errors === 0;
}
validate74.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema104 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/reference.json","title":"ReferenceColumn","x-tessera":{"label":"Reference picker","description":"Picks the record a reference field points to: type to search the target's records by their display, pages from the server, the current one shown by name.","icon":"search","category":"field","designers":["form"],"order":8,"binds":["name"],"value":"any","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton","hasdefault","default"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Reference","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"open":{"type":"string","maxLength":500,"description":"Where the picked record opens: a url with :id, such as /form/book/edit/:id; empty, no link.","x-tessera":{"label":"Open the picked record at","order":3}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate75(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/reference.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate75.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Reference" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Reference"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.open !== undefined){
let data21 = data.open;
if(typeof data21 === "string"){
if(func2(data21) > 500){
const err26 = {instancePath:instancePath+"/open",schemaPath:"#/properties/open/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/open",schemaPath:"#/properties/open/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
for(const key0 in data){
if((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "open")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err28 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate75.errors = vErrors;
return errors === 0;
}
validate75.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema107 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/rows.json","title":"RowsColumn","x-tessera":{"label":"Rows","description":"A block of nested rows, to group columns inside one column.","icon":"distribute-vertical","category":"layout","designers":["form","page"],"order":0},"type":"object","properties":{"childType":{"const":"Rows","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"rows":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row.json"},"x-tessera":{"editor":"none","children":"rows","accepts":["*"]}}},"required":["childType","width"],"additionalProperties":false};

function validate76(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/rows.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate76.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "rows"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Rows" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Rows"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.rows !== undefined){
let data2 = data.rows;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper0.validate(data2[i0], {instancePath:instancePath+"/rows/" + i0,parentData:data2,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/rows",schemaPath:"#/properties/rows/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate76.errors = vErrors;
return errors === 0;
}
validate76.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema109 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/select.json","title":"SelectColumn","x-tessera":{"label":"Select","description":"A drop-down list of hard-coded options or options loaded from a url.","icon":"menu-button-wide","category":"field","designers":["form"],"order":3,"binds":["name"],"value":"text","omit":["placeholderchecked","placeholder","regularexpressionchecked","regularexpression","errormessage","minchecked","min","maxchecked","max","hasbutton"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"Select","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"selecttype":{"type":"string","enum":["1","2"],"default":"1","description":"'1' hard coded (keys and values as newline-separated lists), '2' dynamic (data url).","x-tessera":{"label":"Options","order":3,"options":{"1":"Hard coded","2":"Dynamic"}}},"keys":{"type":"string","x-tessera":{"editor":"lines","label":"Keys (one per line)","order":4,"when":{"selecttype":"1"}}},"values":{"type":"string","x-tessera":{"editor":"lines","label":"Values (one per line)","order":5,"when":{"selecttype":"1"}}},"url":{"type":"string","x-tessera":{"editor":"selectUrl","label":"Data url","order":4,"when":{"selecttype":"2"}}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate77(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/select.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate77.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("Select" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Select"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.selecttype !== undefined){
let data21 = data.selecttype;
if(typeof data21 !== "string"){
const err26 = {instancePath:instancePath+"/selecttype",schemaPath:"#/properties/selecttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!((data21 === "1") || (data21 === "2"))){
const err27 = {instancePath:instancePath+"/selecttype",schemaPath:"#/properties/selecttype/enum",keyword:"enum",params:{allowedValues: schema109.properties.selecttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.keys !== undefined){
if(typeof data.keys !== "string"){
const err28 = {instancePath:instancePath+"/keys",schemaPath:"#/properties/keys/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.values !== undefined){
if(typeof data.values !== "string"){
const err29 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err30 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
for(const key0 in data){
if(((((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "selecttype")) && (key0 !== "keys")) && (key0 !== "values")) && (key0 !== "url")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err31 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate77.errors = vErrors;
return errors === 0;
}
validate77.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema112 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/tabs.json","title":"TabsColumn","x-tessera":{"label":"Tabs","description":"Tabs, each holding its own rows.","icon":"folder2","category":"layout","designers":["form","page"],"order":2},"type":"object","properties":{"childType":{"const":"Tabs","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"tabs":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/tab.json"},"x-tessera":{"editor":"none","children":"tabs","accepts":["Tab"]}}},"required":["childType","width"],"additionalProperties":false};

function validate78(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/tabs.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate78.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "tabs"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Tabs" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Tabs"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.tabs !== undefined){
let data2 = data.tabs;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(!(validate58(data2[i0], {instancePath:instancePath+"/tabs/" + i0,parentData:data2,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate58.errors : vErrors.concat(validate58.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/tabs",schemaPath:"#/properties/tabs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate78.errors = vErrors;
return errors === 0;
}
validate78.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema114 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/text.json","title":"TextColumn","x-tessera":{"label":"Text","description":"A paragraph of plain text.","icon":"fonts","category":"content","designers":["form","page"],"order":1},"type":"object","properties":{"childType":{"const":"Text","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"text":{"type":"string","x-tessera":{"editor":"textarea","label":"Text","order":0}}},"required":["childType","width"],"additionalProperties":false};

function validate80(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/text.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate80.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "text"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("Text" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "Text"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.text !== undefined){
if(typeof data.text !== "string"){
const err7 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate80.errors = vErrors;
return errors === 0;
}
validate80.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema116 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/text-area.json","title":"TextAreaColumn","x-tessera":{"label":"Text area","description":"A multi-line text field.","icon":"textarea-t","category":"field","designers":["form"],"order":1,"binds":["name"],"value":"text","validation":"generic","omit":["hasbutton"]},"type":"object","allOf":[{"$ref":"https://tessera.dev/schemas/common.json#/$defs/fieldCommon"}],"properties":{"childType":{"const":"TextArea","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"height":{"type":"integer","minimum":1,"description":"Height in rows.","x-tessera":{"label":"Height (rows)","order":3}}},"required":["childType","width"],"unevaluatedProperties":false};

function validate81(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/text-area.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate81.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err0 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err1 = {instancePath:instancePath+"/label",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.showlabelchecked !== undefined){
if(typeof data.showlabelchecked !== "boolean"){
const err2 = {instancePath:instancePath+"/showlabelchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showlabelchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.hasdefault !== undefined){
if(typeof data.hasdefault !== "boolean"){
const err3 = {instancePath:instancePath+"/hasdefault",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasdefault/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.default !== undefined){
if(typeof data.default !== "string"){
const err4 = {instancePath:instancePath+"/default",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.showhintchecked !== undefined){
if(typeof data.showhintchecked !== "boolean"){
const err5 = {instancePath:instancePath+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hint !== undefined){
if(typeof data.hint !== "string"){
const err6 = {instancePath:instancePath+"/hint",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.placeholderchecked !== undefined){
if(typeof data.placeholderchecked !== "boolean"){
const err7 = {instancePath:instancePath+"/placeholderchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholderchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.regularexpressionchecked !== undefined){
if(typeof data.regularexpressionchecked !== "boolean"){
const err9 = {instancePath:instancePath+"/regularexpressionchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpressionchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.regularexpression !== undefined){
if(typeof data.regularexpression !== "string"){
const err10 = {instancePath:instancePath+"/regularexpression",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/regularexpression/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.minchecked !== undefined){
if(typeof data.minchecked !== "boolean"){
const err11 = {instancePath:instancePath+"/minchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/minchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min !== undefined){
let data12 = data.min;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err12 = {instancePath:instancePath+"/min",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/min/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.maxchecked !== undefined){
if(typeof data.maxchecked !== "boolean"){
const err13 = {instancePath:instancePath+"/maxchecked",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/maxchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.max !== undefined){
let data14 = data.max;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err14 = {instancePath:instancePath+"/max",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.errormessage !== undefined){
if(typeof data.errormessage !== "string"){
const err15 = {instancePath:instancePath+"/errormessage",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/errormessage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.disabled !== undefined){
if(typeof data.disabled !== "boolean"){
const err16 = {instancePath:instancePath+"/disabled",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/disabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err17 = {instancePath:instancePath+"/required",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.hasbutton !== undefined){
if(typeof data.hasbutton !== "boolean"){
const err18 = {instancePath:instancePath+"/hasbutton",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/properties/hasbutton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/fieldCommon/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.width === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.childType !== undefined){
if("TextArea" !== data.childType){
const err22 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "TextArea"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.width !== undefined){
let data20 = data.width;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err23 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 12 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data20 < 0 || isNaN(data20)){
const err25 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.height !== undefined){
let data21 = data.height;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err26 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 1 || isNaN(data21)){
const err27 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
for(const key0 in data){
if((((((((((((((((((((((key0 !== "childType") && (key0 !== "width")) && (key0 !== "height")) && (key0 !== "name")) && (key0 !== "label")) && (key0 !== "showlabelchecked")) && (key0 !== "hasdefault")) && (key0 !== "default")) && (key0 !== "showhintchecked")) && (key0 !== "hint")) && (key0 !== "placeholderchecked")) && (key0 !== "placeholder")) && (key0 !== "regularexpressionchecked")) && (key0 !== "regularexpression")) && (key0 !== "minchecked")) && (key0 !== "min")) && (key0 !== "maxchecked")) && (key0 !== "max")) && (key0 !== "errormessage")) && (key0 !== "disabled")) && (key0 !== "required")) && (key0 !== "hasbutton")){
const err28 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0},message:"must NOT have unevaluated properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate81.errors = vErrors;
return errors === 0;
}
validate81.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema119 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/plugins/work-flow.json","title":"WorkFlowColumn","x-tessera":{"label":"Work flow","description":"A work-flow menu of cards, by its code.","icon":"signpost-split","category":"embed","designers":["form","page"],"order":1},"type":"object","properties":{"childType":{"const":"WorkFlow","x-tessera":{"editor":"none"}},"width":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/width","x-tessera":{"editor":"width","label":"Width","order":1}},"name":{"type":"string","description":"A menu code.","x-tessera":{"editor":"menu","label":"Menu","order":0}}},"required":["childType","width"],"additionalProperties":false};

function validate82(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/plugins/work-flow.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate82.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.childType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "childType"},message:"must have required property '"+"childType"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.width === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "childType") || (key0 === "width")) || (key0 === "name"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.childType !== undefined){
if("WorkFlow" !== data.childType){
const err3 = {instancePath:instancePath+"/childType",schemaPath:"#/properties/childType/const",keyword:"const",params:{allowedValue: "WorkFlow"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.width !== undefined){
let data1 = data.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 12 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/width",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate82.errors = vErrors;
return errors === 0;
}
validate82.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate55(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/column.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate55.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.childType;
if(typeof tag0 == "string"){
if(tag0 === "Button"){
if(!(validate56(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate56.errors : vErrors.concat(validate56.errors);
errors = vErrors.length;
}
var props0 = true;
}
else if(tag0 === "Card"){
if(!(validate57(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate57.errors : vErrors.concat(validate57.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Checkbox"){
if(!(validate60(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate60.errors : vErrors.concat(validate60.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "CodeEditor"){
if(!(validate61(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate61.errors : vErrors.concat(validate61.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "DualList"){
if(!(validate62(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate62.errors : vErrors.concat(validate62.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Editor"){
if(!(validate63(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate63.errors : vErrors.concat(validate63.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "FormDesigner"){
if(!(validate64(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Grid"){
if(!(validate65(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate65.errors : vErrors.concat(validate65.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "GridDesigner"){
if(!(validate66(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate66.errors : vErrors.concat(validate66.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Hidden"){
if(!(validate67(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate67.errors : vErrors.concat(validate67.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Html"){
if(!(validate68(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate68.errors : vErrors.concat(validate68.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Input"){
if(!(validate69(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate69.errors : vErrors.concat(validate69.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "MenuDesigner"){
if(!(validate70(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate70.errors : vErrors.concat(validate70.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "ModelDesigner"){
if(!(validate71(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate71.errors : vErrors.concat(validate71.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "None"){
if(!(validate72(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate72.errors : vErrors.concat(validate72.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "PageDesigner"){
if(!(validate73(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate73.errors : vErrors.concat(validate73.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Rating"){
if(!(validate74(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate74.errors : vErrors.concat(validate74.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Reference"){
if(!(validate75(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate75.errors : vErrors.concat(validate75.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Rows"){
if(!(validate76(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate76.errors : vErrors.concat(validate76.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Select"){
if(!(validate77(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate77.errors : vErrors.concat(validate77.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Tabs"){
if(!(validate78(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate78.errors : vErrors.concat(validate78.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "Text"){
if(!(validate80(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate80.errors : vErrors.concat(validate80.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "TextArea"){
if(!(validate81(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate81.errors : vErrors.concat(validate81.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "WorkFlow"){
if(!(validate82(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate82.errors : vErrors.concat(validate82.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err0 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "childType", tagValue: tag0},message:"value of tag \"childType\" must be in oneOf"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "childType", tagValue: tag0},message:"tag \"childType\" must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate55.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate55.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate54(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/row.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate54.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cols === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cols"},message:"must have required property '"+"cols"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "cols")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.cols !== undefined){
let data0 = data.cols;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate55(data0[i0], {instancePath:instancePath+"/cols/" + i0,parentData:data0,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate55.errors : vErrors.concat(validate55.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath:instancePath+"/cols",schemaPath:"#/properties/cols/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate54.errors = vErrors;
return errors === 0;
}
validate54.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v5 = validate58;

export const v6 = validate55;

export const v7 = validate56;

export const v8 = validate57;

export const v9 = validate60;

export const v10 = validate61;

export const v11 = validate62;

export const v12 = validate63;

export const v13 = validate64;

export const v14 = validate65;

export const v15 = validate66;

export const v16 = validate67;

export const v17 = validate68;

export const v18 = validate69;

export const v19 = validate70;

export const v20 = validate71;

export const v21 = validate72;

export const v22 = validate73;

export const v23 = validate74;

export const v24 = validate75;

export const v25 = validate76;

export const v26 = validate77;

export const v27 = validate78;

export const v28 = validate80;

export const v29 = validate81;

export const v30 = validate82;

export const v31 = validate108;
const schema121 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/step.json","$comment":"Generated by `npm run gen:types` from the folders under plugins/steps/; do not edit.","title":"Step","description":"One step of an automation; its type picks the step folder (plugins/steps/).","type":"object","discriminator":{"propertyName":"type"},"oneOf":[{"$ref":"https://tessera.dev/schemas/steps/call-webhook.json"},{"$ref":"https://tessera.dev/schemas/steps/condition.json"},{"$ref":"https://tessera.dev/schemas/steps/create-record.json"},{"$ref":"https://tessera.dev/schemas/steps/delete-record.json"},{"$ref":"https://tessera.dev/schemas/steps/loop.json"},{"$ref":"https://tessera.dev/schemas/steps/refuse.json"},{"$ref":"https://tessera.dev/schemas/steps/send-mail.json"},{"$ref":"https://tessera.dev/schemas/steps/set-fields.json"},{"$ref":"https://tessera.dev/schemas/steps/update-record.json"}]};
const schema131 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/call-webhook.json","title":"CallWebhookStep","x-tessera":{"label":"Call a webhook","icon":"broadcast","timings":["after"]},"description":"POSTs JSON to a url (http or https; never to a loopback or private address unless the administrator allows its host), retrying with backoff; signed with HMAC-SHA256 when a secret is set.","type":"object","properties":{"type":{"const":"callWebhook"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"url":{"type":"string","maxLength":2000,"description":"The url (a template).","minLength":1},"body":{"type":"object","description":"The JSON object sent (each value a template). Absent: the trigger's data: the record, its values before, the automation and the run.","maxProperties":200,"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$"},"additionalProperties":{"anyOf":[{"type":"string","maxLength":10000},{"type":"number"},{"type":"boolean"},{"type":"null"}]}},"secret":{"type":"string","minLength":16,"maxLength":200,"description":"Signs the body: X-Tessera-Signature: sha256=<HMAC-SHA256, hex>."},"timeoutMs":{"type":"integer","minimum":100,"maximum":30000,"description":"How long one try may take (default 5000)."},"retries":{"type":"integer","minimum":0,"maximum":10,"description":"Tries after the first one fails, waiting longer each time (default 3)."}},"required":["type","url"],"additionalProperties":false};
const schema132 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/refuse.json","title":"RefuseStep","x-tessera":{"label":"Refuse the write","icon":"x-octagon","timings":["before"]},"description":"Before a write only: the write is refused and the person sees the message.","type":"object","properties":{"type":{"const":"refuse"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"message":{"type":"string","maxLength":500,"description":"What the person sees (a template).","minLength":1}},"required":["type","message"],"additionalProperties":false};
const schema133 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/send-mail.json","title":"SendMailStep","x-tessera":{"label":"Send mail","icon":"envelope","timings":["after"]},"description":"Sends a plain-text message through the SMTP server of Settings.","type":"object","properties":{"type":{"const":"sendMail"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"to":{"type":"string","maxLength":1000,"description":"The address (a template): {{record.member.email}}.","minLength":1},"subject":{"type":"string","maxLength":1000,"description":"The subject (a template).","minLength":1},"text":{"type":"string","maxLength":20000,"description":"The message (a template)."}},"required":["type","to","subject","text"],"additionalProperties":false};
const schema134 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/set-fields.json","title":"SetFieldsStep","x-tessera":{"label":"Set fields","icon":"input-cursor-text","timings":["before"]},"description":"Before a write only: sets fields of the record being written.","type":"object","properties":{"type":{"const":"setFields"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"values":{"type":"object","description":"Each field's new value: a template or a literal.","maxProperties":200,"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$"},"additionalProperties":{"anyOf":[{"type":"string","maxLength":10000},{"type":"number"},{"type":"boolean"},{"type":"null"}]}}},"required":["type","values"],"additionalProperties":false};
const pattern9 = new RegExp("^[A-Za-z][A-Za-z0-9_]{0,63}$", "u");
const pattern12 = new RegExp("^[A-Za-z_][A-Za-z0-9_]{0,63}$", "u");
const schema122 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/condition.json","title":"ConditionStep","x-tessera":{"label":"Condition","icon":"signpost-split","timings":["after","before"]},"description":"Goes on only when a filter holds over the record (or its values before the update); with Then or Else steps, runs those instead.","type":"object","properties":{"type":{"const":"condition"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"match":{"$ref":"https://tessera.dev/schemas/filter.json"},"on":{"enum":["record","before"],"description":"Which values the filter reads: the record as written (default) or as it was before the update."},"then":{"type":"array","maxItems":50,"items":{"$ref":"https://tessera.dev/schemas/step.json"},"description":"Run when it holds. Without Then and Else, a condition that does not hold ends the run."},"else":{"type":"array","maxItems":50,"items":{"$ref":"https://tessera.dev/schemas/step.json"},"description":"Run when it does not hold."}},"required":["type","match"],"additionalProperties":false};
const wrapper4 = {validate: validate108};

function validate109(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/condition.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate109.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.match === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "match"},message:"must have required property '"+"match"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "type") || (key0 === "name")) || (key0 === "match")) || (key0 === "on")) || (key0 === "then")) || (key0 === "else"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("condition" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "condition"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.match !== undefined){
if(!(validate25(data.match, {instancePath:instancePath+"/match",parentData:data,parentDataProperty:"match",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.on !== undefined){
let data3 = data.on;
if(!((data3 === "record") || (data3 === "before"))){
const err6 = {instancePath:instancePath+"/on",schemaPath:"#/properties/on/enum",keyword:"enum",params:{allowedValues: schema122.properties.on.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.then !== undefined){
let data4 = data.then;
if(Array.isArray(data4)){
if(data4.length > 50){
const err7 = {instancePath:instancePath+"/then",schemaPath:"#/properties/then/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper4.validate(data4[i0], {instancePath:instancePath+"/then/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper4.validate.errors : vErrors.concat(wrapper4.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err8 = {instancePath:instancePath+"/then",schemaPath:"#/properties/then/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.else !== undefined){
let data6 = data.else;
if(Array.isArray(data6)){
if(data6.length > 50){
const err9 = {instancePath:instancePath+"/else",schemaPath:"#/properties/else/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
if(!(wrapper4.validate(data6[i1], {instancePath:instancePath+"/else/" + i1,parentData:data6,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper4.validate.errors : vErrors.concat(wrapper4.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err10 = {instancePath:instancePath+"/else",schemaPath:"#/properties/else/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate109.errors = vErrors;
return errors === 0;
}
validate109.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema123 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/create-record.json","title":"CreateRecordStep","x-tessera":{"label":"Create a record","icon":"plus-square","timings":["after"]},"description":"Adds a record through a form, as the run-as user could: the form's fields, checks and grants apply.","type":"object","properties":{"type":{"const":"createRecord"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"form":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name"},"values":{"type":"object","description":"Each field's value: a template ({{record.title}}) or a literal.","maxProperties":200,"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$"},"additionalProperties":{"anyOf":[{"type":"string","maxLength":10000},{"type":"number"},{"type":"boolean"},{"type":"null"}]}}},"required":["type","form","values"],"additionalProperties":false};
const schema124 = {"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]{0,63}$","description":"Unique per definition kind; used in routes."};
const pattern11 = new RegExp("^[A-Za-z][A-Za-z0-9_-]{0,63}$", "u");

function validate111(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/create-record.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate111.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.form === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "form"},message:"must have required property '"+"form"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.values === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "values"},message:"must have required property '"+"values"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "type") || (key0 === "name")) || (key0 === "form")) || (key0 === "values"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
if("createRecord" !== data.type){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "createRecord"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.form !== undefined){
let data2 = data.form;
if(typeof data2 === "string"){
if(!pattern11.test(data2)){
const err7 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.values !== undefined){
let data3 = data.values;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(Object.keys(data3).length > 200){
const err9 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data3){
const _errs11 = errors;
if(typeof key1 === "string"){
if(!pattern12.test(key1)){
const err10 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid2 = _errs11 === errors;
if(!valid2){
const err11 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
for(const key2 in data3){
let data4 = data3[key2];
const _errs14 = errors;
let valid4 = false;
const _errs15 = errors;
if(typeof data4 === "string"){
if(func2(data4) > 10000){
const err12 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid0 = _errs15 === errors;
valid4 = valid4 || _valid0;
const _errs17 = errors;
if(!((typeof data4 == "number") && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs17 === errors;
valid4 = valid4 || _valid0;
const _errs19 = errors;
if(typeof data4 !== "boolean"){
const err15 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs19 === errors;
valid4 = valid4 || _valid0;
const _errs21 = errors;
if(data4 !== null){
const err16 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs21 === errors;
valid4 = valid4 || _valid0;
if(!valid4){
const err17 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate111.errors = vErrors;
return errors === 0;
}
validate111.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema125 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/delete-record.json","title":"DeleteRecordStep","x-tessera":{"label":"Delete a record","icon":"trash","timings":["after"]},"description":"Deletes a record through a form, as the run-as user could.","type":"object","properties":{"type":{"const":"deleteRecord"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"form":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name"},"id":{"type":"string","maxLength":500,"description":"The record's id (a template).","minLength":1}},"required":["type","form","id"],"additionalProperties":false};

function validate112(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/delete-record.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate112.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.form === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "form"},message:"must have required property '"+"form"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "type") || (key0 === "name")) || (key0 === "form")) || (key0 === "id"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
if("deleteRecord" !== data.type){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "deleteRecord"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.form !== undefined){
let data2 = data.form;
if(typeof data2 === "string"){
if(!pattern11.test(data2)){
const err7 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.id !== undefined){
let data3 = data.id;
if(typeof data3 === "string"){
if(func2(data3) > 500){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate112.errors = vErrors;
return errors === 0;
}
validate112.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema127 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/loop.json","title":"LoopStep","x-tessera":{"label":"For each record","icon":"arrow-repeat","timings":["after"]},"description":"Runs its steps once for each record of a model that a filter finds (at most Limit), each as {{item}}.","type":"object","properties":{"type":{"const":"loop"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"model":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"match":{"$ref":"https://tessera.dev/schemas/filter.json"},"limit":{"type":"integer","minimum":1,"maximum":1000,"description":"The most records (default 100)."},"steps":{"type":"array","minItems":1,"maxItems":50,"items":{"$ref":"https://tessera.dev/schemas/step.json"}}},"required":["type","model","steps"],"additionalProperties":false};
const schema128 = {"type":"string","pattern":"^[A-Z][A-Za-z0-9_]{0,63}$","description":"The name of a model (a SQL table)."};
const pattern16 = new RegExp("^[A-Z][A-Za-z0-9_]{0,63}$", "u");

function validate113(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/loop.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate113.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.model === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.steps === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "steps"},message:"must have required property '"+"steps"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "type") || (key0 === "name")) || (key0 === "model")) || (key0 === "match")) || (key0 === "limit")) || (key0 === "steps"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
if("loop" !== data.type){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "loop"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.model !== undefined){
let data2 = data.model;
if(typeof data2 === "string"){
if(!pattern16.test(data2)){
const err7 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.match !== undefined){
if(!(validate25(data.match, {instancePath:instancePath+"/match",parentData:data,parentDataProperty:"match",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.limit !== undefined){
let data4 = data.limit;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err9 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 1000 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err11 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.steps !== undefined){
let data5 = data.steps;
if(Array.isArray(data5)){
if(data5.length > 50){
const err12 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5.length < 1){
const err13 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper4.validate(data5[i0], {instancePath:instancePath+"/steps/" + i0,parentData:data5,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper4.validate.errors : vErrors.concat(wrapper4.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err14 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate113.errors = vErrors;
return errors === 0;
}
validate113.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema129 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/steps/update-record.json","title":"UpdateRecordStep","x-tessera":{"label":"Update a record","icon":"pencil-square","timings":["after"]},"description":"Changes fields of a record through a form, as the run-as user could.","type":"object","properties":{"type":{"const":"updateRecord"},"name":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_]{0,63}$","description":"Names the step, so later steps' templates read its result: {{steps.<name>.id}}."},"form":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name"},"id":{"type":"string","maxLength":500,"description":"The record's id (a template): {{record.id}}, {{record.book}}.","minLength":1},"values":{"type":"object","description":"Each changed field's value: a template or a literal.","maxProperties":200,"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$"},"additionalProperties":{"anyOf":[{"type":"string","maxLength":10000},{"type":"number"},{"type":"boolean"},{"type":"null"}]}}},"required":["type","form","id","values"],"additionalProperties":false};

function validate115(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/update-record.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate115.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.form === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "form"},message:"must have required property '"+"form"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.values === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "values"},message:"must have required property '"+"values"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "name")) || (key0 === "form")) || (key0 === "id")) || (key0 === "values"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.type !== undefined){
if("updateRecord" !== data.type){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "updateRecord"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.form !== undefined){
let data2 = data.form;
if(typeof data2 === "string"){
if(!pattern11.test(data2)){
const err8 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/form",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.id !== undefined){
let data3 = data.id;
if(typeof data3 === "string"){
if(func2(data3) > 500){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func2(data3) < 1){
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.values !== undefined){
let data4 = data.values;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(Object.keys(data4).length > 200){
const err13 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
for(const key1 in data4){
const _errs13 = errors;
if(typeof key1 === "string"){
if(!pattern12.test(key1)){
const err14 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid2 = _errs13 === errors;
if(!valid2){
const err15 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
for(const key2 in data4){
let data5 = data4[key2];
const _errs16 = errors;
let valid4 = false;
const _errs17 = errors;
if(typeof data5 === "string"){
if(func2(data5) > 10000){
const err16 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs17 === errors;
valid4 = valid4 || _valid0;
const _errs19 = errors;
if(!((typeof data5 == "number") && (isFinite(data5)))){
const err18 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs19 === errors;
valid4 = valid4 || _valid0;
const _errs21 = errors;
if(typeof data5 !== "boolean"){
const err19 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid0 = _errs21 === errors;
valid4 = valid4 || _valid0;
const _errs23 = errors;
if(data5 !== null){
const err20 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs23 === errors;
valid4 = valid4 || _valid0;
if(!valid4){
const err21 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err22 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate115.errors = vErrors;
return errors === 0;
}
validate115.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate108(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/step.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate108.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "callWebhook"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "type") || (key0 === "name")) || (key0 === "url")) || (key0 === "body")) || (key0 === "secret")) || (key0 === "timeoutMs")) || (key0 === "retries"))){
const err2 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("callWebhook" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/type/const",keyword:"const",params:{allowedValue: "callWebhook"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.url !== undefined){
let data2 = data.url;
if(typeof data2 === "string"){
if(func2(data2) > 2000){
const err6 = {instancePath:instancePath+"/url",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/url/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/url",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/url",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.body !== undefined){
let data3 = data.body;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(Object.keys(data3).length > 200){
const err9 = {instancePath:instancePath+"/body",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data3){
const _errs15 = errors;
if(typeof key1 === "string"){
if(!pattern12.test(key1)){
const err10 = {instancePath:instancePath+"/body",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid4 = _errs15 === errors;
if(!valid4){
const err11 = {instancePath:instancePath+"/body",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
for(const key2 in data3){
let data4 = data3[key2];
const _errs18 = errors;
let valid6 = false;
const _errs19 = errors;
if(typeof data4 === "string"){
if(func2(data4) > 10000){
const err12 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid0 = _errs19 === errors;
valid6 = valid6 || _valid0;
const _errs21 = errors;
if(!((typeof data4 == "number") && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs21 === errors;
valid6 = valid6 || _valid0;
const _errs23 = errors;
if(typeof data4 !== "boolean"){
const err15 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs23 === errors;
valid6 = valid6 || _valid0;
const _errs25 = errors;
if(data4 !== null){
const err16 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs25 === errors;
valid6 = valid6 || _valid0;
if(!valid6){
const err17 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/body",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/body/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.secret !== undefined){
let data5 = data.secret;
if(typeof data5 === "string"){
if(func2(data5) > 200){
const err19 = {instancePath:instancePath+"/secret",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/secret/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(func2(data5) < 16){
const err20 = {instancePath:instancePath+"/secret",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/secret/minLength",keyword:"minLength",params:{limit: 16},message:"must NOT have fewer than 16 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/secret",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.timeoutMs !== undefined){
let data6 = data.timeoutMs;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err22 = {instancePath:instancePath+"/timeoutMs",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 30000 || isNaN(data6)){
const err23 = {instancePath:instancePath+"/timeoutMs",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 30000},message:"must be <= 30000"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data6 < 100 || isNaN(data6)){
const err24 = {instancePath:instancePath+"/timeoutMs",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data.retries !== undefined){
let data7 = data.retries;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err25 = {instancePath:instancePath+"/retries",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 10 || isNaN(data7)){
const err26 = {instancePath:instancePath+"/retries",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/retries/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data7 < 0 || isNaN(data7)){
const err27 = {instancePath:instancePath+"/retries",schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
}
else {
const err28 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/call-webhook.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var props0 = true;
}
else if(tag0 === "condition"){
if(!(validate109(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate109.errors : vErrors.concat(validate109.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "createRecord"){
if(!(validate111(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate111.errors : vErrors.concat(validate111.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "deleteRecord"){
if(!(validate112(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate112.errors : vErrors.concat(validate112.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "loop"){
if(!(validate113(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate113.errors : vErrors.concat(validate113.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "refuse"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err29 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/refuse.json/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data.message === undefined){
const err30 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/refuse.json/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key3 in data){
if(!(((key3 === "type") || (key3 === "name")) || (key3 === "message"))){
const err31 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/refuse.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.type !== undefined){
if("refuse" !== data.type){
const err32 = {instancePath:instancePath+"/type",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/type/const",keyword:"const",params:{allowedValue: "refuse"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.name !== undefined){
let data9 = data.name;
if(typeof data9 === "string"){
if(!pattern9.test(data9)){
const err33 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.message !== undefined){
let data10 = data.message;
if(typeof data10 === "string"){
if(func2(data10) > 500){
const err35 = {instancePath:instancePath+"/message",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/message/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(func2(data10) < 1){
const err36 = {instancePath:instancePath+"/message",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/message",schemaPath:"https://tessera.dev/schemas/steps/refuse.json/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/refuse.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "sendMail"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err39 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data.to === undefined){
const err40 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data.subject === undefined){
const err41 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/required",keyword:"required",params:{missingProperty: "subject"},message:"must have required property '"+"subject"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data.text === undefined){
const err42 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
for(const key4 in data){
if(!(((((key4 === "type") || (key4 === "name")) || (key4 === "to")) || (key4 === "subject")) || (key4 === "text"))){
const err43 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.type !== undefined){
if("sendMail" !== data.type){
const err44 = {instancePath:instancePath+"/type",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/type/const",keyword:"const",params:{allowedValue: "sendMail"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.name !== undefined){
let data12 = data.name;
if(typeof data12 === "string"){
if(!pattern9.test(data12)){
const err45 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.to !== undefined){
let data13 = data.to;
if(typeof data13 === "string"){
if(func2(data13) > 1000){
const err47 = {instancePath:instancePath+"/to",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/to/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(func2(data13) < 1){
const err48 = {instancePath:instancePath+"/to",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/to/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/to",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.subject !== undefined){
let data14 = data.subject;
if(typeof data14 === "string"){
if(func2(data14) > 1000){
const err50 = {instancePath:instancePath+"/subject",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/subject/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(func2(data14) < 1){
const err51 = {instancePath:instancePath+"/subject",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/subject/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/subject",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/subject/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.text !== undefined){
let data15 = data.text;
if(typeof data15 === "string"){
if(func2(data15) > 20000){
const err53 = {instancePath:instancePath+"/text",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/text/maxLength",keyword:"maxLength",params:{limit: 20000},message:"must NOT have more than 20000 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/text",schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/send-mail.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "setFields"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err56 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data.values === undefined){
const err57 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/required",keyword:"required",params:{missingProperty: "values"},message:"must have required property '"+"values"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key5 in data){
if(!(((key5 === "type") || (key5 === "name")) || (key5 === "values"))){
const err58 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.type !== undefined){
if("setFields" !== data.type){
const err59 = {instancePath:instancePath+"/type",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/type/const",keyword:"const",params:{allowedValue: "setFields"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.name !== undefined){
let data17 = data.name;
if(typeof data17 === "string"){
if(!pattern9.test(data17)){
const err60 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.values !== undefined){
let data18 = data.values;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(Object.keys(data18).length > 200){
const err62 = {instancePath:instancePath+"/values",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
for(const key6 in data18){
const _errs71 = errors;
if(typeof key6 === "string"){
if(!pattern12.test(key6)){
const err63 = {instancePath:instancePath+"/values",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key6};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
var valid20 = _errs71 === errors;
if(!valid20){
const err64 = {instancePath:instancePath+"/values",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/propertyNames",keyword:"propertyNames",params:{propertyName: key6},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
for(const key7 in data18){
let data19 = data18[key7];
const _errs74 = errors;
let valid22 = false;
const _errs75 = errors;
if(typeof data19 === "string"){
if(func2(data19) > 10000){
const err65 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
var _valid1 = _errs75 === errors;
valid22 = valid22 || _valid1;
const _errs77 = errors;
if(!((typeof data19 == "number") && (isFinite(data19)))){
const err67 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid1 = _errs77 === errors;
valid22 = valid22 || _valid1;
const _errs79 = errors;
if(typeof data19 !== "boolean"){
const err68 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
var _valid1 = _errs79 === errors;
valid22 = valid22 || _valid1;
const _errs81 = errors;
if(data19 !== null){
const err69 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
var _valid1 = _errs81 === errors;
valid22 = valid22 || _valid1;
if(!valid22){
const err70 = {instancePath:instancePath+"/values/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
else {
errors = _errs74;
if(vErrors !== null){
if(_errs74){
vErrors.length = _errs74;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/values",schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/properties/values/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
else {
const err72 = {instancePath,schemaPath:"https://tessera.dev/schemas/steps/set-fields.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "updateRecord"){
if(!(validate115(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate115.errors : vErrors.concat(validate115.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err73 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
else {
const err75 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
validate108.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate108.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const v32 = validate121;

function validate121(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/call-webhook.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate121.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "type") || (key0 === "name")) || (key0 === "url")) || (key0 === "body")) || (key0 === "secret")) || (key0 === "timeoutMs")) || (key0 === "retries"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("callWebhook" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "callWebhook"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.url !== undefined){
let data2 = data.url;
if(typeof data2 === "string"){
if(func2(data2) > 2000){
const err6 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.body !== undefined){
let data3 = data.body;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(Object.keys(data3).length > 200){
const err9 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data3){
const _errs10 = errors;
if(typeof key1 === "string"){
if(!pattern12.test(key1)){
const err10 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid1 = _errs10 === errors;
if(!valid1){
const err11 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
for(const key2 in data3){
let data4 = data3[key2];
const _errs13 = errors;
let valid3 = false;
const _errs14 = errors;
if(typeof data4 === "string"){
if(func2(data4) > 10000){
const err12 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid0 = _errs14 === errors;
valid3 = valid3 || _valid0;
const _errs16 = errors;
if(!((typeof data4 == "number") && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid3 = valid3 || _valid0;
const _errs18 = errors;
if(typeof data4 !== "boolean"){
const err15 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs18 === errors;
valid3 = valid3 || _valid0;
const _errs20 = errors;
if(data4 !== null){
const err16 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs20 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const err17 = {instancePath:instancePath+"/body/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/body/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.secret !== undefined){
let data5 = data.secret;
if(typeof data5 === "string"){
if(func2(data5) > 200){
const err19 = {instancePath:instancePath+"/secret",schemaPath:"#/properties/secret/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(func2(data5) < 16){
const err20 = {instancePath:instancePath+"/secret",schemaPath:"#/properties/secret/minLength",keyword:"minLength",params:{limit: 16},message:"must NOT have fewer than 16 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/secret",schemaPath:"#/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.timeoutMs !== undefined){
let data6 = data.timeoutMs;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err22 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 30000 || isNaN(data6)){
const err23 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 30000},message:"must be <= 30000"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data6 < 100 || isNaN(data6)){
const err24 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data.retries !== undefined){
let data7 = data.retries;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err25 = {instancePath:instancePath+"/retries",schemaPath:"#/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 10 || isNaN(data7)){
const err26 = {instancePath:instancePath+"/retries",schemaPath:"#/properties/retries/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data7 < 0 || isNaN(data7)){
const err27 = {instancePath:instancePath+"/retries",schemaPath:"#/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
}
else {
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate121.errors = vErrors;
return errors === 0;
}
validate121.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v33 = validate109;

export const v34 = validate111;

export const v35 = validate112;

export const v36 = validate113;

export const v37 = validate122;

function validate122(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/refuse.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate122.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "name")) || (key0 === "message"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("refuse" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "refuse"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.message !== undefined){
let data2 = data.message;
if(typeof data2 === "string"){
if(func2(data2) > 500){
const err6 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate122.errors = vErrors;
return errors === 0;
}
validate122.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v38 = validate123;

function validate123(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/send-mail.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate123.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.to === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.subject === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "subject"},message:"must have required property '"+"subject"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.text === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "name")) || (key0 === "to")) || (key0 === "subject")) || (key0 === "text"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.type !== undefined){
if("sendMail" !== data.type){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "sendMail"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.to !== undefined){
let data2 = data.to;
if(typeof data2 === "string"){
if(func2(data2) > 1000){
const err8 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func2(data2) < 1){
const err9 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/to",schemaPath:"#/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.subject !== undefined){
let data3 = data.subject;
if(typeof data3 === "string"){
if(func2(data3) > 1000){
const err11 = {instancePath:instancePath+"/subject",schemaPath:"#/properties/subject/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func2(data3) < 1){
const err12 = {instancePath:instancePath+"/subject",schemaPath:"#/properties/subject/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/subject",schemaPath:"#/properties/subject/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.text !== undefined){
let data4 = data.text;
if(typeof data4 === "string"){
if(func2(data4) > 20000){
const err14 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/maxLength",keyword:"maxLength",params:{limit: 20000},message:"must NOT have more than 20000 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate123.errors = vErrors;
return errors === 0;
}
validate123.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v39 = validate124;

function validate124(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/steps/set-fields.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate124.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.values === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "values"},message:"must have required property '"+"values"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "name")) || (key0 === "values"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("setFields" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "setFields"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern9.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.values !== undefined){
let data2 = data.values;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(Object.keys(data2).length > 200){
const err6 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/maxProperties",keyword:"maxProperties",params:{limit: 200},message:"must NOT have more than 200 properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key1 in data2){
const _errs8 = errors;
if(typeof key1 === "string"){
if(!pattern12.test(key1)){
const err7 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var valid1 = _errs8 === errors;
if(!valid1){
const err8 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
for(const key2 in data2){
let data3 = data2[key2];
const _errs11 = errors;
let valid3 = false;
const _errs12 = errors;
if(typeof data3 === "string"){
if(func2(data3) > 10000){
const err9 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs12 === errors;
valid3 = valid3 || _valid0;
const _errs14 = errors;
if(!((typeof data3 == "number") && (isFinite(data3)))){
const err11 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid0 = _errs14 === errors;
valid3 = valid3 || _valid0;
const _errs16 = errors;
if(typeof data3 !== "boolean"){
const err12 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid3 = valid3 || _valid0;
const _errs18 = errors;
if(data3 !== null){
const err13 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf/3/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid0 = _errs18 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const err14 = {instancePath:instancePath+"/values/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/values/additionalProperties/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err15 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate124.errors = vErrors;
return errors === 0;
}
validate124.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v40 = validate115;

export const v41 = validate125;
const schema139 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/form.json","title":"FormDefinition","description":"A form: rows of columns bound to a model record.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id","x-tessera":{"editor":"none"}},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name","x-tessera":{"editor":"none"}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"model":{"type":"string","$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","default":"User","x-tessera":{"editor":"model","label":"Model","order":1}},"url":{"type":"string","x-tessera":{"editor":"url","label":"Return url","order":2}},"hideToolbar":{"type":"boolean","x-tessera":{"label":"Hide toolbar","order":3}},"hideSaveAs":{"type":"boolean","x-tessera":{"label":"Hide Save As","order":4}},"hideDelete":{"type":"boolean","x-tessera":{"label":"Hide Delete","order":5}},"readOnly":{"type":"boolean","x-tessera":{"label":"Read only","order":6}},"definition":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row.json"},"x-tessera":{"editor":"none"}},"actions":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/action.json"},"x-tessera":{"editor":"none"}},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version","x-tessera":{"editor":"none"}},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access","x-tessera":{"editor":"none"}}},"required":["name"],"additionalProperties":false};
const schema140 = {"type":"string","pattern":"^[0-9a-f]{32}$","description":"A generated id: 32 lowercase hex characters."};
const schema144 = {"type":"integer","minimum":0,"description":"Set by the server; an update must send the version it read."};
const pattern32 = new RegExp("^[0-9a-f]{32}$", "u");
const schema145 = {"title":"Access","description":"Who besides administrators may use a definition. Absent access means admin-only.","type":"object","properties":{"public":{"type":"boolean","description":"Anonymous callers may read it and, for a form, add."},"groups":{"type":"array","items":{"type":"string","minLength":1},"description":"Groups whose members may use it fully: every action on every record and field (the same as a grant of every action without rules)."},"self":{"type":"boolean","description":"A signed-in user may read and update their own User record."},"grants":{"type":"array","description":"What each group may do (docs/security.md, \"Grants\"): its actions, and for each action which records (a rule of the filter language), which fields it may not see or change, and the values the server sets when it adds. A user in several groups may do what any of their grants allows (the union).","maxItems":100,"items":{"$ref":"#/$defs/grant"}}},"additionalProperties":false};
const schema146 = {"title":"Grant","type":"object","properties":{"group":{"type":"string","minLength":1,"description":"The group the grant is for; Everyone is every signed-in user."},"actions":{"type":"array","uniqueItems":true,"items":{"$ref":"#/$defs/grantAction"},"description":"What the group may do: read (open a form's record, see a grid's rows, a select's options), add, update, delete, clear (a grid's Clear), export and history (a form's record history, within the grant's read rule: docs/history.md)."},"rules":{"type":"object","description":"Per action, the records it reaches: a filter of the filter language (docs/filters.md) with the variables CURRENT_USER (its id, fields and groups), NOW and TODAY. An action without a rule reaches every record.","properties":{"read":{"$ref":"https://tessera.dev/schemas/filter.json"},"update":{"$ref":"https://tessera.dev/schemas/filter.json"},"delete":{"$ref":"https://tessera.dev/schemas/filter.json"},"clear":{"$ref":"https://tessera.dev/schemas/filter.json"},"export":{"$ref":"https://tessera.dev/schemas/filter.json"}},"additionalProperties":false},"fields":{"type":"object","description":"Fields this group may not see (hidden: never sent, not searched, sorted or filtered by) or not change (readonly: sent, refused on write).","additionalProperties":{"enum":["hidden","readonly"]},"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"}},"presets":{"type":"object","description":"Values the server sets on add for this group, which the client cannot override: a literal, or a variable ({ \"var\": \"CURRENT_USER.department\" }).","additionalProperties":{"$ref":"https://tessera.dev/schemas/filter.json#/$defs/value"},"propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"}}},"required":["group","actions"],"additionalProperties":false};
const schema147 = {"title":"GrantAction","enum":["read","add","update","delete","clear","export","history"]};
const func0 = runtime1.default;

function validate134(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate134.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = true;
const _errs1 = errors;
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs1 === errors;
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs3 = errors;
if(!(validate34(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
errors = vErrors.length;
}
var _valid0 = _errs3 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs4 = errors;
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(typeof data !== "string"){
const err1 = {instancePath,schemaPath:"#/$defs/literal/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid1 = _errs7 === errors;
valid2 = valid2 || _valid1;
const _errs9 = errors;
if(!((typeof data == "number") && (isFinite(data)))){
const err2 = {instancePath,schemaPath:"#/$defs/literal/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid1 = _errs9 === errors;
valid2 = valid2 || _valid1;
const _errs11 = errors;
if(typeof data !== "boolean"){
const err3 = {instancePath,schemaPath:"#/$defs/literal/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid1 = _errs11 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const err4 = {instancePath,schemaPath:"#/$defs/literal/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
ifClause0 = "else";
}
if(!valid0){
const err5 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate134.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate134.evaluated = {"dynamicProps":true,"dynamicItems":false};

const pattern35 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");

function validate128(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate128.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.group === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "group"},message:"must have required property '"+"group"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.actions === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "actions"},message:"must have required property '"+"actions"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "group") || (key0 === "actions")) || (key0 === "rules")) || (key0 === "fields")) || (key0 === "presets"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.group !== undefined){
let data0 = data.group;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err3 = {instancePath:instancePath+"/group",schemaPath:"#/properties/group/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/group",schemaPath:"#/properties/group/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.actions !== undefined){
let data1 = data.actions;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(!(((((((data2 === "read") || (data2 === "add")) || (data2 === "update")) || (data2 === "delete")) || (data2 === "clear")) || (data2 === "export")) || (data2 === "history"))){
const err5 = {instancePath:instancePath+"/actions/" + i0,schemaPath:"#/$defs/grantAction/enum",keyword:"enum",params:{allowedValues: schema147.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
let i1 = data1.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data1[i1], data1[j0])){
const err6 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err7 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.rules !== undefined){
let data3 = data.rules;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key1 in data3){
if(!(((((key1 === "read") || (key1 === "update")) || (key1 === "delete")) || (key1 === "clear")) || (key1 === "export"))){
const err8 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.read !== undefined){
if(!(validate25(data3.read, {instancePath:instancePath+"/rules/read",parentData:data3,parentDataProperty:"read",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data3.update !== undefined){
if(!(validate25(data3.update, {instancePath:instancePath+"/rules/update",parentData:data3,parentDataProperty:"update",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data3.delete !== undefined){
if(!(validate25(data3.delete, {instancePath:instancePath+"/rules/delete",parentData:data3,parentDataProperty:"delete",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data3.clear !== undefined){
if(!(validate25(data3.clear, {instancePath:instancePath+"/rules/clear",parentData:data3,parentDataProperty:"clear",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data3.export !== undefined){
if(!(validate25(data3.export, {instancePath:instancePath+"/rules/export",parentData:data3,parentDataProperty:"export",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.fields !== undefined){
let data9 = data.fields;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
for(const key2 in data9){
const _errs18 = errors;
if(typeof key2 === "string"){
if(!pattern35.test(key2)){
const err10 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\"",propertyName:key2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid6 = _errs18 === errors;
if(!valid6){
const err11 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
for(const key3 in data9){
let data10 = data9[key3];
if(!((data10 === "hidden") || (data10 === "readonly"))){
const err12 = {instancePath:instancePath+"/fields/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fields/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema146.properties.fields.additionalProperties.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.presets !== undefined){
let data11 = data.presets;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key4 in data11){
const _errs23 = errors;
if(typeof key4 === "string"){
if(!pattern35.test(key4)){
const err14 = {instancePath:instancePath+"/presets",schemaPath:"#/properties/presets/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\"",propertyName:key4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid8 = _errs23 === errors;
if(!valid8){
const err15 = {instancePath:instancePath+"/presets",schemaPath:"#/properties/presets/propertyNames",keyword:"propertyNames",params:{propertyName: key4},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
for(const key5 in data11){
if(!(validate134(data11[key5], {instancePath:instancePath+"/presets/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data11,parentDataProperty:key5,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate134.errors : vErrors.concat(validate134.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath:instancePath+"/presets",schemaPath:"#/properties/presets/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate128.errors = vErrors;
return errors === 0;
}
validate128.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate127(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate127.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate127.errors = vErrors;
return errors === 0;
}
validate127.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate125(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/form.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate125.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema139.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err2 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err6 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.model !== undefined){
let data3 = data.model;
if(typeof data3 !== "string"){
const err7 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern16.test(data3)){
const err8 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err10 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.hideToolbar !== undefined){
if(typeof data.hideToolbar !== "boolean"){
const err11 = {instancePath:instancePath+"/hideToolbar",schemaPath:"#/properties/hideToolbar/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.hideSaveAs !== undefined){
if(typeof data.hideSaveAs !== "boolean"){
const err12 = {instancePath:instancePath+"/hideSaveAs",schemaPath:"#/properties/hideSaveAs/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.hideDelete !== undefined){
if(typeof data.hideDelete !== "boolean"){
const err13 = {instancePath:instancePath+"/hideDelete",schemaPath:"#/properties/hideDelete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.readOnly !== undefined){
if(typeof data.readOnly !== "boolean"){
const err14 = {instancePath:instancePath+"/readOnly",schemaPath:"#/properties/readOnly/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.definition !== undefined){
let data9 = data.definition;
if(Array.isArray(data9)){
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
if(!(validate54(data9[i0], {instancePath:instancePath+"/definition/" + i0,parentData:data9,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate54.errors : vErrors.concat(validate54.errors);
errors = vErrors.length;
}
}
}
else {
const err15 = {instancePath:instancePath+"/definition",schemaPath:"#/properties/definition/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.actions !== undefined){
let data11 = data.actions;
if(Array.isArray(data11)){
const len1 = data11.length;
for(let i1=0; i1<len1; i1++){
let data12 = data11[i1];
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.url === undefined){
const err16 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data12){
if(!((((((((key1 === "url") || (key1 === "label")) || (key1 === "showhintchecked")) || (key1 === "hint")) || (key1 === "iconchecked")) || (key1 === "icon")) || (key1 === "rightalignchecked")) || (key1 === "opennewwindowchecked"))){
const err17 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data12.url !== undefined){
if(typeof data12.url !== "string"){
const err18 = {instancePath:instancePath+"/actions/" + i1+"/url",schemaPath:"https://tessera.dev/schemas/action.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data12.label !== undefined){
if(typeof data12.label !== "string"){
const err19 = {instancePath:instancePath+"/actions/" + i1+"/label",schemaPath:"https://tessera.dev/schemas/action.json/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data12.showhintchecked !== undefined){
if(typeof data12.showhintchecked !== "boolean"){
const err20 = {instancePath:instancePath+"/actions/" + i1+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data12.hint !== undefined){
if(typeof data12.hint !== "string"){
const err21 = {instancePath:instancePath+"/actions/" + i1+"/hint",schemaPath:"https://tessera.dev/schemas/action.json/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data12.iconchecked !== undefined){
if(typeof data12.iconchecked !== "boolean"){
const err22 = {instancePath:instancePath+"/actions/" + i1+"/iconchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data12.icon !== undefined){
if(typeof data12.icon !== "string"){
const err23 = {instancePath:instancePath+"/actions/" + i1+"/icon",schemaPath:"https://tessera.dev/schemas/action.json/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data12.rightalignchecked !== undefined){
if(typeof data12.rightalignchecked !== "boolean"){
const err24 = {instancePath:instancePath+"/actions/" + i1+"/rightalignchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/rightalignchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data12.opennewwindowchecked !== undefined){
if(typeof data12.opennewwindowchecked !== "boolean"){
const err25 = {instancePath:instancePath+"/actions/" + i1+"/opennewwindowchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/opennewwindowchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.version !== undefined){
let data21 = data.version;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err28 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err29 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate127(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate127.errors : vErrors.concat(validate127.errors);
errors = vErrors.length;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate125.errors = vErrors;
return errors === 0;
}
validate125.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v42 = validate139;
const schema150 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/grid.json","title":"GridDefinition","description":"A grid: a paged list of model records.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id","x-tessera":{"editor":"none"}},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name","x-tessera":{"editor":"none"}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"model":{"type":"string","$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","default":"User","x-tessera":{"editor":"model","label":"Model","order":1}},"hideToolbar":{"type":"boolean","x-tessera":{"label":"Hide toolbar","order":4}},"hideClear":{"type":"boolean","x-tessera":{"label":"Hide Clear","order":6}},"hideSearchBox":{"type":"boolean","x-tessera":{"label":"Hide Search","order":5}},"hideFilters":{"type":"boolean","description":"Turns off the users' filter builder and saved views on the grid's screen; its data routes then refuse a ?filter=.","x-tessera":{"label":"Hide filters","order":7}},"paging":{"type":"integer","enum":[1,2,3],"default":3,"description":"1 all records, 2 first N records, 3 all records with paging.","x-tessera":{"label":"What to Show","order":2,"options":{"1":"All records","2":"First N records","3":"All records with paging"}}},"pageSize":{"type":"integer","minimum":1,"maximum":1000,"default":50,"x-tessera":{"label":"Records to fetch","order":3}},"definition":{"type":"array","items":{"title":"GridField","type":"object","properties":{"name":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"label":{"type":"string","x-tessera":{"label":"Label","order":1}},"type":{"type":"string","enum":["Text","Number","Date","Image","Reference"],"x-tessera":{"label":"Type","order":2}},"hide":{"type":"boolean","x-tessera":{"label":"Hidden","order":4}},"shows":{"type":"string","maxLength":129,"pattern":"^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$","description":"What a Reference column shows of the record its field refers to: empty for that record's display, or a field of it ('city'), or a field one reference further ('region.name').","x-tessera":{"editor":"referencePath","label":"Shows","order":3,"placeholder":"the record's display","when":{"type":"Reference"}}}},"required":["name"],"additionalProperties":false},"x-tessera":{"editor":"none"}},"actions":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/action.json"},"x-tessera":{"editor":"none"}},"rowactions":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row-action.json"},"x-tessera":{"editor":"none"}},"filters":{"type":"array","description":"ANDed: old-style filters ({ fieldname, value }), conditions and groups of conditions of the filter language (docs/filters.md).","items":{"$ref":"https://tessera.dev/schemas/filter.json#/$defs/item"},"x-tessera":{"editor":"none"}},"sorts":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/sort"},"x-tessera":{"editor":"none"}},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version","x-tessera":{"editor":"none"}},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access","x-tessera":{"editor":"none"}}},"required":["name"],"additionalProperties":false};
const schema157 = {"title":"Sort","type":"object","properties":{"fieldname":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"sorttype":{"type":"string","enum":["ASC","DESC"],"x-tessera":{"label":"Order","order":1,"options":{"ASC":"Ascending (ASC)","DESC":"Descending (DESC)"}}}},"required":["fieldname","sorttype"],"additionalProperties":false};
const pattern40 = new RegExp("^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$", "u");

function validate140(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate140.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(data && typeof data == "object" && !Array.isArray(data))){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(errors === _errs2){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.and === undefined) && (missing0 = "and")){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs4 = errors;
if(!(validate28(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs5 = errors;
const _errs6 = errors;
let valid1 = true;
const _errs7 = errors;
if(errors === _errs7){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.or === undefined) && (missing1 = "or")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs7 === errors;
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
let ifClause1;
if(_valid1){
const _errs9 = errors;
if(!(validate43(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate43.errors : vErrors.concat(validate43.errors);
errors = vErrors.length;
}
var _valid1 = _errs9 === errors;
valid1 = _valid1;
if(valid1){
var props1 = true;
}
ifClause1 = "then";
}
else {
const _errs10 = errors;
if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
else {
var props2 = validate30.evaluated.props;
}
var _valid1 = _errs10 === errors;
valid1 = _valid1;
if(valid1){
if(props1 !== true && props2 !== undefined){
if(props2 === true){
props1 = true;
}
else {
props1 = props1 || {};
Object.assign(props1, props2);
}
}
}
ifClause1 = "else";
}
if(!valid1){
const err5 = {instancePath,schemaPath:"#/else/if",keyword:"if",params:{failingKeyword: ifClause1},message:"must match \""+ifClause1+"\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs5 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
}
ifClause0 = "else";
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate140.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate140.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate145(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate145.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate145.errors = vErrors;
return errors === 0;
}
validate145.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate139(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/grid.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate139.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema150.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err2 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err6 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.model !== undefined){
let data3 = data.model;
if(typeof data3 !== "string"){
const err7 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data3 === "string"){
if(!pattern16.test(data3)){
const err8 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.hideToolbar !== undefined){
if(typeof data.hideToolbar !== "boolean"){
const err10 = {instancePath:instancePath+"/hideToolbar",schemaPath:"#/properties/hideToolbar/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.hideClear !== undefined){
if(typeof data.hideClear !== "boolean"){
const err11 = {instancePath:instancePath+"/hideClear",schemaPath:"#/properties/hideClear/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.hideSearchBox !== undefined){
if(typeof data.hideSearchBox !== "boolean"){
const err12 = {instancePath:instancePath+"/hideSearchBox",schemaPath:"#/properties/hideSearchBox/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.hideFilters !== undefined){
if(typeof data.hideFilters !== "boolean"){
const err13 = {instancePath:instancePath+"/hideFilters",schemaPath:"#/properties/hideFilters/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.paging !== undefined){
let data8 = data.paging;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err14 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(((data8 === 1) || (data8 === 2)) || (data8 === 3))){
const err15 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/enum",keyword:"enum",params:{allowedValues: schema150.properties.paging.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.pageSize !== undefined){
let data9 = data.pageSize;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err16 = {instancePath:instancePath+"/pageSize",schemaPath:"#/properties/pageSize/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 1000 || isNaN(data9)){
const err17 = {instancePath:instancePath+"/pageSize",schemaPath:"#/properties/pageSize/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data9 < 1 || isNaN(data9)){
const err18 = {instancePath:instancePath+"/pageSize",schemaPath:"#/properties/pageSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
if(data.definition !== undefined){
let data10 = data.definition;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name === undefined){
const err19 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data11){
if(!(((((key1 === "name") || (key1 === "label")) || (key1 === "type")) || (key1 === "hide")) || (key1 === "shows"))){
const err20 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.name !== undefined){
if(typeof data11.name !== "string"){
const err21 = {instancePath:instancePath+"/definition/" + i0+"/name",schemaPath:"#/properties/definition/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data11.label !== undefined){
if(typeof data11.label !== "string"){
const err22 = {instancePath:instancePath+"/definition/" + i0+"/label",schemaPath:"#/properties/definition/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data11.type !== undefined){
let data14 = data11.type;
if(typeof data14 !== "string"){
const err23 = {instancePath:instancePath+"/definition/" + i0+"/type",schemaPath:"#/properties/definition/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!(((((data14 === "Text") || (data14 === "Number")) || (data14 === "Date")) || (data14 === "Image")) || (data14 === "Reference"))){
const err24 = {instancePath:instancePath+"/definition/" + i0+"/type",schemaPath:"#/properties/definition/items/properties/type/enum",keyword:"enum",params:{allowedValues: schema150.properties.definition.items.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.hide !== undefined){
if(typeof data11.hide !== "boolean"){
const err25 = {instancePath:instancePath+"/definition/" + i0+"/hide",schemaPath:"#/properties/definition/items/properties/hide/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data11.shows !== undefined){
let data16 = data11.shows;
if(typeof data16 === "string"){
if(func2(data16) > 129){
const err26 = {instancePath:instancePath+"/definition/" + i0+"/shows",schemaPath:"#/properties/definition/items/properties/shows/maxLength",keyword:"maxLength",params:{limit: 129},message:"must NOT have more than 129 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern40.test(data16)){
const err27 = {instancePath:instancePath+"/definition/" + i0+"/shows",schemaPath:"#/properties/definition/items/properties/shows/pattern",keyword:"pattern",params:{pattern: "^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$"},message:"must match pattern \""+"^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/definition/" + i0+"/shows",schemaPath:"#/properties/definition/items/properties/shows/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/definition",schemaPath:"#/properties/definition/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.actions !== undefined){
let data17 = data.actions;
if(Array.isArray(data17)){
const len1 = data17.length;
for(let i1=0; i1<len1; i1++){
let data18 = data17[i1];
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.url === undefined){
const err31 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key2 in data18){
if(!((((((((key2 === "url") || (key2 === "label")) || (key2 === "showhintchecked")) || (key2 === "hint")) || (key2 === "iconchecked")) || (key2 === "icon")) || (key2 === "rightalignchecked")) || (key2 === "opennewwindowchecked"))){
const err32 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data18.url !== undefined){
if(typeof data18.url !== "string"){
const err33 = {instancePath:instancePath+"/actions/" + i1+"/url",schemaPath:"https://tessera.dev/schemas/action.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data18.label !== undefined){
if(typeof data18.label !== "string"){
const err34 = {instancePath:instancePath+"/actions/" + i1+"/label",schemaPath:"https://tessera.dev/schemas/action.json/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data18.showhintchecked !== undefined){
if(typeof data18.showhintchecked !== "boolean"){
const err35 = {instancePath:instancePath+"/actions/" + i1+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data18.hint !== undefined){
if(typeof data18.hint !== "string"){
const err36 = {instancePath:instancePath+"/actions/" + i1+"/hint",schemaPath:"https://tessera.dev/schemas/action.json/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data18.iconchecked !== undefined){
if(typeof data18.iconchecked !== "boolean"){
const err37 = {instancePath:instancePath+"/actions/" + i1+"/iconchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data18.icon !== undefined){
if(typeof data18.icon !== "string"){
const err38 = {instancePath:instancePath+"/actions/" + i1+"/icon",schemaPath:"https://tessera.dev/schemas/action.json/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data18.rightalignchecked !== undefined){
if(typeof data18.rightalignchecked !== "boolean"){
const err39 = {instancePath:instancePath+"/actions/" + i1+"/rightalignchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/rightalignchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data18.opennewwindowchecked !== undefined){
if(typeof data18.opennewwindowchecked !== "boolean"){
const err40 = {instancePath:instancePath+"/actions/" + i1+"/opennewwindowchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/opennewwindowchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.rowactions !== undefined){
let data27 = data.rowactions;
if(Array.isArray(data27)){
const len2 = data27.length;
for(let i2=0; i2<len2; i2++){
let data28 = data27[i2];
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(data28.url === undefined){
const err43 = {instancePath:instancePath+"/rowactions/" + i2,schemaPath:"https://tessera.dev/schemas/row-action.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
for(const key3 in data28){
if(!((((((key3 === "url") || (key3 === "label")) || (key3 === "hint")) || (key3 === "showhintchecked")) || (key3 === "icon")) || (key3 === "iconchecked"))){
const err44 = {instancePath:instancePath+"/rowactions/" + i2,schemaPath:"https://tessera.dev/schemas/row-action.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data28.url !== undefined){
if(typeof data28.url !== "string"){
const err45 = {instancePath:instancePath+"/rowactions/" + i2+"/url",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data28.label !== undefined){
if(typeof data28.label !== "string"){
const err46 = {instancePath:instancePath+"/rowactions/" + i2+"/label",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data28.hint !== undefined){
if(typeof data28.hint !== "string"){
const err47 = {instancePath:instancePath+"/rowactions/" + i2+"/hint",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data28.showhintchecked !== undefined){
if(typeof data28.showhintchecked !== "boolean"){
const err48 = {instancePath:instancePath+"/rowactions/" + i2+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data28.icon !== undefined){
if(typeof data28.icon !== "string"){
const err49 = {instancePath:instancePath+"/rowactions/" + i2+"/icon",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data28.iconchecked !== undefined){
if(typeof data28.iconchecked !== "boolean"){
const err50 = {instancePath:instancePath+"/rowactions/" + i2+"/iconchecked",schemaPath:"https://tessera.dev/schemas/row-action.json/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath:instancePath+"/rowactions/" + i2,schemaPath:"https://tessera.dev/schemas/row-action.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/rowactions",schemaPath:"#/properties/rowactions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.filters !== undefined){
let data35 = data.filters;
if(Array.isArray(data35)){
const len3 = data35.length;
for(let i3=0; i3<len3; i3++){
if(!(validate140(data35[i3], {instancePath:instancePath+"/filters/" + i3,parentData:data35,parentDataProperty:i3,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate140.errors : vErrors.concat(validate140.errors);
errors = vErrors.length;
}
}
}
else {
const err53 = {instancePath:instancePath+"/filters",schemaPath:"#/properties/filters/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.sorts !== undefined){
let data37 = data.sorts;
if(Array.isArray(data37)){
const len4 = data37.length;
for(let i4=0; i4<len4; i4++){
let data38 = data37[i4];
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
if(data38.fieldname === undefined){
const err54 = {instancePath:instancePath+"/sorts/" + i4,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data38.sorttype === undefined){
const err55 = {instancePath:instancePath+"/sorts/" + i4,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/required",keyword:"required",params:{missingProperty: "sorttype"},message:"must have required property '"+"sorttype"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
for(const key4 in data38){
if(!((key4 === "fieldname") || (key4 === "sorttype"))){
const err56 = {instancePath:instancePath+"/sorts/" + i4,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data38.fieldname !== undefined){
if(typeof data38.fieldname !== "string"){
const err57 = {instancePath:instancePath+"/sorts/" + i4+"/fieldname",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data38.sorttype !== undefined){
let data40 = data38.sorttype;
if(typeof data40 !== "string"){
const err58 = {instancePath:instancePath+"/sorts/" + i4+"/sorttype",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/sorttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(!((data40 === "ASC") || (data40 === "DESC"))){
const err59 = {instancePath:instancePath+"/sorts/" + i4+"/sorttype",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/sorttype/enum",keyword:"enum",params:{allowedValues: schema157.properties.sorttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/sorts/" + i4,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/sorts",schemaPath:"#/properties/sorts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.version !== undefined){
let data41 = data.version;
if(!(((typeof data41 == "number") && (!(data41 % 1) && !isNaN(data41))) && (isFinite(data41)))){
const err62 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 0 || isNaN(data41)){
const err63 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate145(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate145.errors : vErrors.concat(validate145.errors);
errors = vErrors.length;
}
}
}
else {
const err64 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
validate139.errors = vErrors;
return errors === 0;
}
validate139.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v43 = validate148;
const schema160 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/page.json","title":"PageDefinition","description":"A page: rows of columns not bound to a record.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id","x-tessera":{"editor":"none"}},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name","x-tessera":{"editor":"none"}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"hideToolbar":{"type":"boolean","x-tessera":{"label":"Hide toolbar","order":1}},"center":{"type":"boolean","x-tessera":{"label":"Center","order":2}},"definition":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/row.json"},"x-tessera":{"editor":"none"}},"actions":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/action.json"},"x-tessera":{"editor":"none"}},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version","x-tessera":{"editor":"none"}},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access","x-tessera":{"editor":"none"}}},"required":["name"],"additionalProperties":false};

function validate150(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate150.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate150.errors = vErrors;
return errors === 0;
}
validate150.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate148(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/page.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate148.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema160.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err2 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err6 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.hideToolbar !== undefined){
if(typeof data.hideToolbar !== "boolean"){
const err7 = {instancePath:instancePath+"/hideToolbar",schemaPath:"#/properties/hideToolbar/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.center !== undefined){
if(typeof data.center !== "boolean"){
const err8 = {instancePath:instancePath+"/center",schemaPath:"#/properties/center/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.definition !== undefined){
let data5 = data.definition;
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
if(!(validate54(data5[i0], {instancePath:instancePath+"/definition/" + i0,parentData:data5,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate54.errors : vErrors.concat(validate54.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/definition",schemaPath:"#/properties/definition/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.actions !== undefined){
let data7 = data.actions;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.url === undefined){
const err10 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data8){
if(!((((((((key1 === "url") || (key1 === "label")) || (key1 === "showhintchecked")) || (key1 === "hint")) || (key1 === "iconchecked")) || (key1 === "icon")) || (key1 === "rightalignchecked")) || (key1 === "opennewwindowchecked"))){
const err11 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data8.url !== undefined){
if(typeof data8.url !== "string"){
const err12 = {instancePath:instancePath+"/actions/" + i1+"/url",schemaPath:"https://tessera.dev/schemas/action.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data8.label !== undefined){
if(typeof data8.label !== "string"){
const err13 = {instancePath:instancePath+"/actions/" + i1+"/label",schemaPath:"https://tessera.dev/schemas/action.json/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data8.showhintchecked !== undefined){
if(typeof data8.showhintchecked !== "boolean"){
const err14 = {instancePath:instancePath+"/actions/" + i1+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data8.hint !== undefined){
if(typeof data8.hint !== "string"){
const err15 = {instancePath:instancePath+"/actions/" + i1+"/hint",schemaPath:"https://tessera.dev/schemas/action.json/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data8.iconchecked !== undefined){
if(typeof data8.iconchecked !== "boolean"){
const err16 = {instancePath:instancePath+"/actions/" + i1+"/iconchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data8.icon !== undefined){
if(typeof data8.icon !== "string"){
const err17 = {instancePath:instancePath+"/actions/" + i1+"/icon",schemaPath:"https://tessera.dev/schemas/action.json/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.rightalignchecked !== undefined){
if(typeof data8.rightalignchecked !== "boolean"){
const err18 = {instancePath:instancePath+"/actions/" + i1+"/rightalignchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/rightalignchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.opennewwindowchecked !== undefined){
if(typeof data8.opennewwindowchecked !== "boolean"){
const err19 = {instancePath:instancePath+"/actions/" + i1+"/opennewwindowchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/opennewwindowchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.version !== undefined){
let data17 = data.version;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err22 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err23 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate150(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate150.errors : vErrors.concat(validate150.errors);
errors = vErrors.length;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate148.errors = vErrors;
return errors === 0;
}
validate148.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v44 = validate153;
const schema166 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/menu.json","title":"MenuDefinition","description":"A menu (\"Work Flow\"): a list of links.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id","x-tessera":{"editor":"none"}},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name","x-tessera":{"editor":"none"}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"hideToolbar":{"type":"boolean","x-tessera":{"label":"Hide toolbar","order":1}},"definition":{"type":"array","items":{"title":"MenuItem","type":"object","properties":{"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","order":1}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"description":{"type":"string","x-tessera":{"editor":"textarea","label":"Description","order":2}},"url":{"type":"string","x-tessera":{"editor":"url","label":"Url","order":3}}},"required":["title","url"],"additionalProperties":false},"x-tessera":{"editor":"none"}},"actions":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/action.json"},"x-tessera":{"editor":"none"}},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version","x-tessera":{"editor":"none"}},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access","x-tessera":{"editor":"none"}}},"required":["name"],"additionalProperties":false};

function validate154(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate154.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate154.errors = vErrors;
return errors === 0;
}
validate154.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate153(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/menu.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate153.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "id") || (key0 === "name")) || (key0 === "title")) || (key0 === "hideToolbar")) || (key0 === "definition")) || (key0 === "actions")) || (key0 === "version")) || (key0 === "access"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err2 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err4 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err6 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.hideToolbar !== undefined){
if(typeof data.hideToolbar !== "boolean"){
const err7 = {instancePath:instancePath+"/hideToolbar",schemaPath:"#/properties/hideToolbar/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.definition !== undefined){
let data4 = data.definition;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.title === undefined){
const err8 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data5.url === undefined){
const err9 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data5){
if(!((((key1 === "icon") || (key1 === "title")) || (key1 === "description")) || (key1 === "url"))){
const err10 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data5.icon !== undefined){
if(typeof data5.icon !== "string"){
const err11 = {instancePath:instancePath+"/definition/" + i0+"/icon",schemaPath:"#/properties/definition/items/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data5.title !== undefined){
if(typeof data5.title !== "string"){
const err12 = {instancePath:instancePath+"/definition/" + i0+"/title",schemaPath:"#/properties/definition/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data5.description !== undefined){
if(typeof data5.description !== "string"){
const err13 = {instancePath:instancePath+"/definition/" + i0+"/description",schemaPath:"#/properties/definition/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data5.url !== undefined){
if(typeof data5.url !== "string"){
const err14 = {instancePath:instancePath+"/definition/" + i0+"/url",schemaPath:"#/properties/definition/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/definition/" + i0,schemaPath:"#/properties/definition/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/definition",schemaPath:"#/properties/definition/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.actions !== undefined){
let data10 = data.actions;
if(Array.isArray(data10)){
const len1 = data10.length;
for(let i1=0; i1<len1; i1++){
let data11 = data10[i1];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.url === undefined){
const err17 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
for(const key2 in data11){
if(!((((((((key2 === "url") || (key2 === "label")) || (key2 === "showhintchecked")) || (key2 === "hint")) || (key2 === "iconchecked")) || (key2 === "icon")) || (key2 === "rightalignchecked")) || (key2 === "opennewwindowchecked"))){
const err18 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data11.url !== undefined){
if(typeof data11.url !== "string"){
const err19 = {instancePath:instancePath+"/actions/" + i1+"/url",schemaPath:"https://tessera.dev/schemas/action.json/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data11.label !== undefined){
if(typeof data11.label !== "string"){
const err20 = {instancePath:instancePath+"/actions/" + i1+"/label",schemaPath:"https://tessera.dev/schemas/action.json/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.showhintchecked !== undefined){
if(typeof data11.showhintchecked !== "boolean"){
const err21 = {instancePath:instancePath+"/actions/" + i1+"/showhintchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/showhintchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data11.hint !== undefined){
if(typeof data11.hint !== "string"){
const err22 = {instancePath:instancePath+"/actions/" + i1+"/hint",schemaPath:"https://tessera.dev/schemas/action.json/properties/hint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data11.iconchecked !== undefined){
if(typeof data11.iconchecked !== "boolean"){
const err23 = {instancePath:instancePath+"/actions/" + i1+"/iconchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/iconchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data11.icon !== undefined){
if(typeof data11.icon !== "string"){
const err24 = {instancePath:instancePath+"/actions/" + i1+"/icon",schemaPath:"https://tessera.dev/schemas/action.json/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.rightalignchecked !== undefined){
if(typeof data11.rightalignchecked !== "boolean"){
const err25 = {instancePath:instancePath+"/actions/" + i1+"/rightalignchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/rightalignchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data11.opennewwindowchecked !== undefined){
if(typeof data11.opennewwindowchecked !== "boolean"){
const err26 = {instancePath:instancePath+"/actions/" + i1+"/opennewwindowchecked",schemaPath:"https://tessera.dev/schemas/action.json/properties/opennewwindowchecked/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/actions/" + i1,schemaPath:"https://tessera.dev/schemas/action.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.version !== undefined){
let data20 = data.version;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err29 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err30 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate154(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate154.errors : vErrors.concat(validate154.errors);
errors = vErrors.length;
}
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate153.errors = vErrors;
return errors === 0;
}
validate153.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v45 = validate157;
const schema172 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/select.json","title":"SelectDefinition","description":"A lookup list: static items, or value/label pairs read from a model.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id"},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name"},"title":{"type":"string"},"items":{"type":"array","items":{"title":"SelectItem","type":"object","properties":{"value":{"type":"string"},"label":{"type":"string"}},"required":["value","label"],"additionalProperties":false}},"model":{"type":"string","$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"valuefield":{"type":"string"},"labelfield":{"type":"string"},"filters":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/filter"}},"sorts":{"type":"array","items":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/sort"}},"params":{"type":"array","items":{"type":"string"},"description":"Model fields filtered by equality with the extra path segments of /select/{name}, in order."},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version"},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access"}},"required":["name"],"oneOf":[{"properties":{"items":true},"required":["items"]},{"properties":{"model":true},"required":["model"]}],"additionalProperties":false};

function validate158(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate158.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate158.errors = vErrors;
return errors === 0;
}
validate158.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate157(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/select.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate157.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.items === undefined){
const err0 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = {};
props0.items = true;
}
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.model === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.model = true;
}
}
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema172.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err7 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err9 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.items !== undefined){
let data3 = data.items;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.value === undefined){
const err10 = {instancePath:instancePath+"/items/" + i0,schemaPath:"#/properties/items/items/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data4.label === undefined){
const err11 = {instancePath:instancePath+"/items/" + i0,schemaPath:"#/properties/items/items/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key1 in data4){
if(!((key1 === "value") || (key1 === "label"))){
const err12 = {instancePath:instancePath+"/items/" + i0,schemaPath:"#/properties/items/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data4.value !== undefined){
if(typeof data4.value !== "string"){
const err13 = {instancePath:instancePath+"/items/" + i0+"/value",schemaPath:"#/properties/items/items/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data4.label !== undefined){
if(typeof data4.label !== "string"){
const err14 = {instancePath:instancePath+"/items/" + i0+"/label",schemaPath:"#/properties/items/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/items/" + i0,schemaPath:"#/properties/items/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/items",schemaPath:"#/properties/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.model !== undefined){
let data7 = data.model;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(typeof data7 === "string"){
if(!pattern16.test(data7)){
const err18 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.valuefield !== undefined){
if(typeof data.valuefield !== "string"){
const err20 = {instancePath:instancePath+"/valuefield",schemaPath:"#/properties/valuefield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.labelfield !== undefined){
if(typeof data.labelfield !== "string"){
const err21 = {instancePath:instancePath+"/labelfield",schemaPath:"#/properties/labelfield/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.filters !== undefined){
let data10 = data.filters;
if(Array.isArray(data10)){
const len1 = data10.length;
for(let i1=0; i1<len1; i1++){
let data11 = data10[i1];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.fieldname === undefined){
const err22 = {instancePath:instancePath+"/filters/" + i1,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key2 in data11){
if(!((key2 === "fieldname") || (key2 === "value"))){
const err23 = {instancePath:instancePath+"/filters/" + i1,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data11.fieldname !== undefined){
if(typeof data11.fieldname !== "string"){
const err24 = {instancePath:instancePath+"/filters/" + i1+"/fieldname",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.value !== undefined){
if(typeof data11.value !== "string"){
const err25 = {instancePath:instancePath+"/filters/" + i1+"/value",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/filters/" + i1,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/filter/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/filters",schemaPath:"#/properties/filters/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.sorts !== undefined){
let data14 = data.sorts;
if(Array.isArray(data14)){
const len2 = data14.length;
for(let i2=0; i2<len2; i2++){
let data15 = data14[i2];
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.fieldname === undefined){
const err28 = {instancePath:instancePath+"/sorts/" + i2,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data15.sorttype === undefined){
const err29 = {instancePath:instancePath+"/sorts/" + i2,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/required",keyword:"required",params:{missingProperty: "sorttype"},message:"must have required property '"+"sorttype"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
for(const key3 in data15){
if(!((key3 === "fieldname") || (key3 === "sorttype"))){
const err30 = {instancePath:instancePath+"/sorts/" + i2,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data15.fieldname !== undefined){
if(typeof data15.fieldname !== "string"){
const err31 = {instancePath:instancePath+"/sorts/" + i2+"/fieldname",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data15.sorttype !== undefined){
let data17 = data15.sorttype;
if(typeof data17 !== "string"){
const err32 = {instancePath:instancePath+"/sorts/" + i2+"/sorttype",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/sorttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!((data17 === "ASC") || (data17 === "DESC"))){
const err33 = {instancePath:instancePath+"/sorts/" + i2+"/sorttype",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/properties/sorttype/enum",keyword:"enum",params:{allowedValues: schema157.properties.sorttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/sorts/" + i2,schemaPath:"https://tessera.dev/schemas/common.json#/$defs/sort/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/sorts",schemaPath:"#/properties/sorts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.params !== undefined){
let data18 = data.params;
if(Array.isArray(data18)){
const len3 = data18.length;
for(let i3=0; i3<len3; i3++){
if(typeof data18[i3] !== "string"){
const err36 = {instancePath:instancePath+"/params/" + i3,schemaPath:"#/properties/params/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.version !== undefined){
let data20 = data.version;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err38 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err39 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate158(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate158.errors : vErrors.concat(validate158.errors);
errors = vErrors.length;
}
}
}
else {
const err40 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
validate157.errors = vErrors;
return errors === 0;
}
validate157.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v46 = validate161;
const schema180 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/model.json","title":"ModelDefinition","description":"A model: a SQL table and its fields.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id","x-tessera":{"editor":"none"}},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","x-tessera":{"editor":"none"}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"system":{"type":"boolean","x-tessera":{"editor":"none"}},"idtype":{"type":"string","enum":["integer","hex"],"default":"integer","x-tessera":{"label":"Id type","order":1,"options":{"integer":"Whole numbers (1, 2, 3...)","hex":"Random (32 hex characters)"}}},"display":{"type":"string","maxLength":200,"description":"What a record of this model is called where another screen shows it: a field's name, or a short template naming fields in braces, such as '{first} {last}'. Without it, the first text field.","x-tessera":{"label":"Records are called","order":2,"placeholder":"{first} {last}"}},"fields":{"type":"array","items":{"title":"ModelField","type":"object","properties":{"name":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$","not":{"enum":["id","_version","_labels","_created_by","_created_at","_updated_by","_updated_at","__proto__","constructor","prototype","hasOwnProperty","isPrototypeOf","propertyIsEnumerable","toString","toLocaleString","valueOf","__defineGetter__","__defineSetter__","__lookupGetter__","__lookupSetter__"]},"description":"A column name; neither id, nor _version (the row version every table has), nor _labels (the names of a grid row's references), nor _created_by, _created_at, _updated_by or _updated_at (who made and last changed each record, and when: kept by the server), nor a name Object.prototype already has (records are plain objects).","x-tessera":{"label":"Name","order":0}},"type":{"type":"string","enum":["text","number","boolean","date","datetime","json","password","reference","link"],"x-tessera":{"label":"Type","order":2,"options":{"text":"Text","number":"Number","boolean":"Yes or no","date":"Date","datetime":"Date and time","json":"JSON","password":"Password","reference":"Reference: one record of another model","link":"Link: many records of another model"}}},"label":{"type":"string","x-tessera":{"label":"Label","order":1}},"required":{"type":"boolean","x-tessera":{"label":"Required","order":3}},"unique":{"type":"boolean","x-tessera":{"label":"Unique","order":4}},"default":{"description":"Any JSON value.","anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"},{"type":"object"},{"type":"array"},{"type":"null"}],"x-tessera":{"editor":"fieldDefault","label":"Default","order":5,"when":{"type":["text","number","boolean","date","datetime","json"]}}},"target":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","description":"The model referred to (reference and link).","x-tessera":{"editor":"model","label":"Target model","order":6,"when":{"type":["reference","link"]}}},"through":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","description":"For link: the link model holding <source> and <target> reference fields.","x-tessera":{"editor":"model","label":"Through model","order":7,"when":{"type":"link"},"advanced":true}}},"required":["name","type"],"allOf":[{"if":{"type":"object","properties":{"type":{"enum":["reference","link"]}},"required":["type"]},"then":{"properties":{"target":true},"required":["target"]}},{"if":{"type":"object","properties":{"type":{"const":"link"}},"required":["type"]},"then":{"properties":{"through":true},"required":["through"]}}],"additionalProperties":false},"x-tessera":{"editor":"none"}},"history":{"type":"object","description":"What the record history (docs/history.md) keeps of this model's records. Without it, every insert, update and delete is recorded with the values of every field but passwords, and kept RECORD_HISTORY_DAYS days.","properties":{"off":{"type":"boolean","description":"No history for this model's records (a high-volume log table, say): nothing is recorded of their changes.","x-tessera":{"label":"No history"}},"exclude":{"type":"array","items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$"},"uniqueItems":true,"maxItems":500,"description":"Fields whose values are kept out of the history (secrets): a change of one is recorded as 'changed', without its values. Each must be a field of the model; password fields are always kept out.","x-tessera":{"label":"Fields kept out"}},"days":{"type":"integer","minimum":1,"maximum":36500,"description":"How many days this model's history entries are kept, in place of RECORD_HISTORY_DAYS.","x-tessera":{"label":"Days kept"}}},"additionalProperties":false,"x-tessera":{"editor":"none"}},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version","x-tessera":{"editor":"none"}}},"required":["name","fields"],"additionalProperties":false};

function validate161(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/model.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate161.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.fields === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema180.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err3 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err5 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err7 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.system !== undefined){
if(typeof data.system !== "boolean"){
const err8 = {instancePath:instancePath+"/system",schemaPath:"#/properties/system/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.idtype !== undefined){
let data4 = data.idtype;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/idtype",schemaPath:"#/properties/idtype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((data4 === "integer") || (data4 === "hex"))){
const err10 = {instancePath:instancePath+"/idtype",schemaPath:"#/properties/idtype/enum",keyword:"enum",params:{allowedValues: schema180.properties.idtype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.display !== undefined){
let data5 = data.display;
if(typeof data5 === "string"){
if(func2(data5) > 200){
const err11 = {instancePath:instancePath+"/display",schemaPath:"#/properties/display/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/display",schemaPath:"#/properties/display/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.fields !== undefined){
let data6 = data.fields;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
const _errs28 = errors;
let valid6 = true;
const _errs29 = errors;
if(errors === _errs29){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing0;
if((data7.type === undefined) && (missing0 = "type")){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
else {
if(data7.type !== undefined){
let data8 = data7.type;
if(!((data8 === "reference") || (data8 === "link"))){
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var _valid0 = _errs29 === errors;
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs32 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.target === undefined){
const err16 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/allOf/0/then/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var _valid0 = _errs32 === errors;
valid6 = _valid0;
if(valid6){
var props0 = {};
props0.target = true;
props0.type = true;
}
}
if(!valid6){
const err17 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs34 = errors;
let valid8 = true;
const _errs35 = errors;
if(errors === _errs35){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing1;
if((data7.type === undefined) && (missing1 = "type")){
const err18 = {};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
if(data7.type !== undefined){
if("link" !== data7.type){
const err19 = {};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
}
else {
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
var _valid1 = _errs35 === errors;
errors = _errs34;
if(vErrors !== null){
if(_errs34){
vErrors.length = _errs34;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs38 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.through === undefined){
const err21 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/allOf/1/then/required",keyword:"required",params:{missingProperty: "through"},message:"must have required property '"+"through"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var _valid1 = _errs38 === errors;
valid8 = _valid1;
if(valid8){
var props1 = {};
props1.through = true;
props1.type = true;
}
}
if(!valid8){
const err22 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.name === undefined){
const err23 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data7.type === undefined){
const err24 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key1 in data7){
if(!((((((((key1 === "name") || (key1 === "type")) || (key1 === "label")) || (key1 === "required")) || (key1 === "unique")) || (key1 === "default")) || (key1 === "target")) || (key1 === "through"))){
const err25 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data7.name !== undefined){
let data10 = data7.name;
const _errs42 = errors;
const _errs43 = errors;
if(!((((((((((((((((((((data10 === "id") || (data10 === "_version")) || (data10 === "_labels")) || (data10 === "_created_by")) || (data10 === "_created_at")) || (data10 === "_updated_by")) || (data10 === "_updated_at")) || (data10 === "__proto__")) || (data10 === "constructor")) || (data10 === "prototype")) || (data10 === "hasOwnProperty")) || (data10 === "isPrototypeOf")) || (data10 === "propertyIsEnumerable")) || (data10 === "toString")) || (data10 === "toLocaleString")) || (data10 === "valueOf")) || (data10 === "__defineGetter__")) || (data10 === "__defineSetter__")) || (data10 === "__lookupGetter__")) || (data10 === "__lookupSetter__"))){
const err26 = {};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var valid11 = _errs43 === errors;
if(valid11){
const err27 = {instancePath:instancePath+"/fields/" + i0+"/name",schemaPath:"#/properties/fields/items/properties/name/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
if(typeof data10 === "string"){
if(!pattern12.test(data10)){
const err28 = {instancePath:instancePath+"/fields/" + i0+"/name",schemaPath:"#/properties/fields/items/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/fields/" + i0+"/name",schemaPath:"#/properties/fields/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data7.type !== undefined){
let data11 = data7.type;
if(typeof data11 !== "string"){
const err30 = {instancePath:instancePath+"/fields/" + i0+"/type",schemaPath:"#/properties/fields/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!(((((((((data11 === "text") || (data11 === "number")) || (data11 === "boolean")) || (data11 === "date")) || (data11 === "datetime")) || (data11 === "json")) || (data11 === "password")) || (data11 === "reference")) || (data11 === "link"))){
const err31 = {instancePath:instancePath+"/fields/" + i0+"/type",schemaPath:"#/properties/fields/items/properties/type/enum",keyword:"enum",params:{allowedValues: schema180.properties.fields.items.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data7.label !== undefined){
if(typeof data7.label !== "string"){
const err32 = {instancePath:instancePath+"/fields/" + i0+"/label",schemaPath:"#/properties/fields/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data7.required !== undefined){
if(typeof data7.required !== "boolean"){
const err33 = {instancePath:instancePath+"/fields/" + i0+"/required",schemaPath:"#/properties/fields/items/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data7.unique !== undefined){
if(typeof data7.unique !== "boolean"){
const err34 = {instancePath:instancePath+"/fields/" + i0+"/unique",schemaPath:"#/properties/fields/items/properties/unique/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data7.default !== undefined){
let data15 = data7.default;
const _errs58 = errors;
let valid12 = false;
const _errs59 = errors;
if(typeof data15 !== "string"){
const err35 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid2 = _errs59 === errors;
valid12 = valid12 || _valid2;
const _errs61 = errors;
if(!((typeof data15 == "number") && (isFinite(data15)))){
const err36 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var _valid2 = _errs61 === errors;
valid12 = valid12 || _valid2;
const _errs63 = errors;
if(typeof data15 !== "boolean"){
const err37 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid2 = _errs63 === errors;
valid12 = valid12 || _valid2;
const _errs65 = errors;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err38 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid2 = _errs65 === errors;
valid12 = valid12 || _valid2;
const _errs67 = errors;
if(!(Array.isArray(data15))){
const err39 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/4/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid2 = _errs67 === errors;
valid12 = valid12 || _valid2;
const _errs69 = errors;
if(data15 !== null){
const err40 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf/5/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid2 = _errs69 === errors;
valid12 = valid12 || _valid2;
if(!valid12){
const err41 = {instancePath:instancePath+"/fields/" + i0+"/default",schemaPath:"#/properties/fields/items/properties/default/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
else {
errors = _errs58;
if(vErrors !== null){
if(_errs58){
vErrors.length = _errs58;
}
else {
vErrors = null;
}
}
}
}
if(data7.target !== undefined){
let data16 = data7.target;
if(typeof data16 === "string"){
if(!pattern16.test(data16)){
const err42 = {instancePath:instancePath+"/fields/" + i0+"/target",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/fields/" + i0+"/target",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data7.through !== undefined){
let data17 = data7.through;
if(typeof data17 === "string"){
if(!pattern16.test(data17)){
const err44 = {instancePath:instancePath+"/fields/" + i0+"/through",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/fields/" + i0+"/through",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/properties/fields/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.history !== undefined){
let data18 = data.history;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
for(const key2 in data18){
if(!(((key2 === "off") || (key2 === "exclude")) || (key2 === "days"))){
const err48 = {instancePath:instancePath+"/history",schemaPath:"#/properties/history/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data18.off !== undefined){
if(typeof data18.off !== "boolean"){
const err49 = {instancePath:instancePath+"/history/off",schemaPath:"#/properties/history/properties/off/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data18.exclude !== undefined){
let data20 = data18.exclude;
if(Array.isArray(data20)){
if(data20.length > 500){
const err50 = {instancePath:instancePath+"/history/exclude",schemaPath:"#/properties/history/properties/exclude/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
let data21 = data20[i1];
if(typeof data21 === "string"){
if(!pattern12.test(data21)){
const err51 = {instancePath:instancePath+"/history/exclude/" + i1,schemaPath:"#/properties/history/properties/exclude/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/history/exclude/" + i1,schemaPath:"#/properties/history/properties/exclude/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
let i2 = data20.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data20[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err53 = {instancePath:instancePath+"/history/exclude",schemaPath:"#/properties/history/properties/exclude/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err54 = {instancePath:instancePath+"/history/exclude",schemaPath:"#/properties/history/properties/exclude/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data18.days !== undefined){
let data22 = data18.days;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err55 = {instancePath:instancePath+"/history/days",schemaPath:"#/properties/history/properties/days/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 36500 || isNaN(data22)){
const err56 = {instancePath:instancePath+"/history/days",schemaPath:"#/properties/history/properties/days/maximum",keyword:"maximum",params:{comparison: "<=", limit: 36500},message:"must be <= 36500"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data22 < 1 || isNaN(data22)){
const err57 = {instancePath:instancePath+"/history/days",schemaPath:"#/properties/history/properties/days/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
}
else {
const err58 = {instancePath:instancePath+"/history",schemaPath:"#/properties/history/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.version !== undefined){
let data23 = data.version;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err59 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err60 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
}
else {
const err61 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
validate161.errors = vErrors;
return errors === 0;
}
validate161.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v47 = validate162;
const schema186 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://tessera.dev/schemas/automation.json","title":"AutomationDefinition","description":"An automation (docs/automations.md): when its trigger fires and its condition holds, its steps run, each step a plugin folder under plugins/steps/. Every run is logged.","type":"object","properties":{"id":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/id"},"name":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/name"},"title":{"type":"string","maxLength":200},"description":{"type":"string","maxLength":2000},"enabled":{"type":"boolean","description":"Off: no new run starts (runs already queued still end). Absent: on."},"trigger":{"$ref":"#/$defs/trigger"},"condition":{"$ref":"https://tessera.dev/schemas/filter.json"},"beforeCondition":{"$ref":"https://tessera.dev/schemas/filter.json"},"runAs":{"type":"string","minLength":1,"maxLength":200,"description":"The user name whose permissions the record steps write with. Absent: the user who triggered the run (a schedule or webhook needs a named user)."},"steps":{"type":"array","maxItems":50,"items":{"$ref":"https://tessera.dev/schemas/step.json"}},"limits":{"title":"AutomationLimits","type":"object","properties":{"maxDepth":{"type":"integer","minimum":1,"maximum":10,"description":"How many levels deep a chain of automations triggered by their own writes may go before this one stops with a logged error (default 3)."},"maxSteps":{"type":"integer","minimum":1,"maximum":10000,"description":"The most steps one run may carry out, loops included (default 1000)."},"timeoutMs":{"type":"integer","minimum":100,"maximum":600000,"description":"The longest one run may take (default 60000; a before-trigger's default and most: 2000)."},"retries":{"type":"integer","minimum":0,"maximum":10,"description":"How many times a failed run is tried again, with backoff (default 3)."}},"additionalProperties":false},"version":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/version"},"access":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/access"}},"required":["name","trigger","steps"],"additionalProperties":false,"$defs":{"trigger":{"title":"AutomationTrigger","type":"object","properties":{"type":{"enum":["record","schedule","button","webhook"]}},"required":["type"],"if":{"properties":{"type":{"const":"record"}}},"then":{"$ref":"#/$defs/recordTrigger"},"else":{"if":{"properties":{"type":{"const":"schedule"}}},"then":{"$ref":"#/$defs/scheduleTrigger"},"else":{"if":{"properties":{"type":{"const":"button"}}},"then":{"$ref":"#/$defs/buttonTrigger"},"else":{"$ref":"#/$defs/webhookTrigger"}}}},"recordTrigger":{"title":"RecordTrigger","description":"A record of the model is inserted, updated or deleted, by any path. After: the run is queued and done outside the request. Before (insert and update only): it runs in the request's transaction and may refuse the write or set its fields.","type":"object","properties":{"type":{"const":"record"},"model":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"on":{"type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["insert","update","delete"]}},"fields":{"type":"array","maxItems":200,"uniqueItems":true,"items":{"type":"string","minLength":1},"description":"An update fires only when one of these fields changed. Absent: any field."},"timing":{"enum":["after","before"],"description":"Absent: after."}},"required":["type","model","on"],"additionalProperties":false},"scheduleTrigger":{"title":"ScheduleTrigger","description":"Cron syntax (five fields: minute hour day month weekday), in the instance's time zone; one run per tick across every process.","type":"object","properties":{"type":{"const":"schedule"},"cron":{"type":"string","minLength":9,"maxLength":100}},"required":["type","cron"],"additionalProperties":false},"buttonTrigger":{"title":"ButtonTrigger","description":"A button on the model's forms (edit mode) and grid rows that runs the automation on that record.","type":"object","properties":{"type":{"const":"button"},"model":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"label":{"type":"string","minLength":1,"maxLength":60}},"required":["type","model"],"additionalProperties":false},"webhookTrigger":{"title":"WebhookTrigger","description":"POST /api/hooks/{name}/{token}: the JSON body is the run's data. With a secret, the request must carry X-Tessera-Signature: sha256=<HMAC-SHA256 of the body, hex>.","type":"object","properties":{"type":{"const":"webhook"},"token":{"type":"string","pattern":"^[0-9a-f]{32}$","description":"The url's secret part; made by the server when a save leaves it out."},"secret":{"type":"string","minLength":16,"maxLength":200}},"required":["type"],"additionalProperties":false}}};
const schema189 = {"title":"AutomationTrigger","type":"object","properties":{"type":{"enum":["record","schedule","button","webhook"]}},"required":["type"],"if":{"properties":{"type":{"const":"record"}}},"then":{"$ref":"#/$defs/recordTrigger"},"else":{"if":{"properties":{"type":{"const":"schedule"}}},"then":{"$ref":"#/$defs/scheduleTrigger"},"else":{"if":{"properties":{"type":{"const":"button"}}},"then":{"$ref":"#/$defs/buttonTrigger"},"else":{"$ref":"#/$defs/webhookTrigger"}}}};
const schema192 = {"title":"ScheduleTrigger","description":"Cron syntax (five fields: minute hour day month weekday), in the instance's time zone; one run per tick across every process.","type":"object","properties":{"type":{"const":"schedule"},"cron":{"type":"string","minLength":9,"maxLength":100}},"required":["type","cron"],"additionalProperties":false};
const schema195 = {"title":"WebhookTrigger","description":"POST /api/hooks/{name}/{token}: the JSON body is the run's data. With a secret, the request must carry X-Tessera-Signature: sha256=<HMAC-SHA256 of the body, hex>.","type":"object","properties":{"type":{"const":"webhook"},"token":{"type":"string","pattern":"^[0-9a-f]{32}$","description":"The url's secret part; made by the server when a save leaves it out."},"secret":{"type":"string","minLength":16,"maxLength":200}},"required":["type"],"additionalProperties":false};
const schema190 = {"title":"RecordTrigger","description":"A record of the model is inserted, updated or deleted, by any path. After: the run is queued and done outside the request. Before (insert and update only): it runs in the request's transaction and may refuse the write or set its fields.","type":"object","properties":{"type":{"const":"record"},"model":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"on":{"type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["insert","update","delete"]}},"fields":{"type":"array","maxItems":200,"uniqueItems":true,"items":{"type":"string","minLength":1},"description":"An update fires only when one of these fields changed. Absent: any field."},"timing":{"enum":["after","before"],"description":"Absent: after."}},"required":["type","model","on"],"additionalProperties":false};

function validate164(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate164.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.model === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.on === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "on"},message:"must have required property '"+"on"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "type") || (key0 === "model")) || (key0 === "on")) || (key0 === "fields")) || (key0 === "timing"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
if("record" !== data.type){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "record"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.model !== undefined){
let data1 = data.model;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err5 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.on !== undefined){
let data2 = data.on;
if(Array.isArray(data2)){
if(data2.length < 1){
const err7 = {instancePath:instancePath+"/on",schemaPath:"#/properties/on/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(!(((data3 === "insert") || (data3 === "update")) || (data3 === "delete"))){
const err8 = {instancePath:instancePath+"/on/" + i0,schemaPath:"#/properties/on/items/enum",keyword:"enum",params:{allowedValues: schema190.properties.on.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
let i1 = data2.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data2[i1], data2[j0])){
const err9 = {instancePath:instancePath+"/on",schemaPath:"#/properties/on/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err10 = {instancePath:instancePath+"/on",schemaPath:"#/properties/on/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.fields !== undefined){
let data4 = data.fields;
if(Array.isArray(data4)){
if(data4.length > 200){
const err11 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/maxItems",keyword:"maxItems",params:{limit: 200},message:"must NOT have more than 200 items"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const len1 = data4.length;
for(let i2=0; i2<len1; i2++){
let data5 = data4[i2];
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err12 = {instancePath:instancePath+"/fields/" + i2,schemaPath:"#/properties/fields/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/fields/" + i2,schemaPath:"#/properties/fields/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
let i3 = data4.length;
let j1;
if(i3 > 1){
const indices0 = {};
for(;i3--;){
let item0 = data4[i3];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j1 = indices0[item0];
const err14 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
break;
}
indices0[item0] = i3;
}
}
}
else {
const err15 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.timing !== undefined){
let data6 = data.timing;
if(!((data6 === "after") || (data6 === "before"))){
const err16 = {instancePath:instancePath+"/timing",schemaPath:"#/properties/timing/enum",keyword:"enum",params:{allowedValues: schema190.properties.timing.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate164.errors = vErrors;
return errors === 0;
}
validate164.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema193 = {"title":"ButtonTrigger","description":"A button on the model's forms (edit mode) and grid rows that runs the automation on that record.","type":"object","properties":{"type":{"const":"button"},"model":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName"},"label":{"type":"string","minLength":1,"maxLength":60}},"required":["type","model"],"additionalProperties":false};

function validate166(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate166.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.model === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "model")) || (key0 === "label"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.type !== undefined){
if("button" !== data.type){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "button"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.model !== undefined){
let data1 = data.model;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err4 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/model",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.label !== undefined){
let data2 = data.label;
if(typeof data2 === "string"){
if(func2(data2) > 60){
const err6 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/maxLength",keyword:"maxLength",params:{limit: 60},message:"must NOT have more than 60 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate166.errors = vErrors;
return errors === 0;
}
validate166.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate163(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate163.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("record" !== data.type){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs4 = errors;
if(!(validate164(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate164.errors : vErrors.concat(validate164.errors);
errors = vErrors.length;
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = true;
}
ifClause0 = "then";
}
else {
const _errs5 = errors;
const _errs6 = errors;
let valid2 = true;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("schedule" !== data.type){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
var _valid1 = _errs7 === errors;
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
let ifClause1;
if(_valid1){
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err2 = {instancePath,schemaPath:"#/$defs/scheduleTrigger/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.cron === undefined){
const err3 = {instancePath,schemaPath:"#/$defs/scheduleTrigger/required",keyword:"required",params:{missingProperty: "cron"},message:"must have required property '"+"cron"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "type") || (key0 === "cron"))){
const err4 = {instancePath,schemaPath:"#/$defs/scheduleTrigger/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.type !== undefined){
if("schedule" !== data.type){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/scheduleTrigger/properties/type/const",keyword:"const",params:{allowedValue: "schedule"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.cron !== undefined){
let data3 = data.cron;
if(typeof data3 === "string"){
if(func2(data3) > 100){
const err6 = {instancePath:instancePath+"/cron",schemaPath:"#/$defs/scheduleTrigger/properties/cron/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data3) < 9){
const err7 = {instancePath:instancePath+"/cron",schemaPath:"#/$defs/scheduleTrigger/properties/cron/minLength",keyword:"minLength",params:{limit: 9},message:"must NOT have fewer than 9 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/cron",schemaPath:"#/$defs/scheduleTrigger/properties/cron/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/$defs/scheduleTrigger/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid1 = _errs9 === errors;
valid2 = _valid1;
if(valid2){
var props1 = true;
}
ifClause1 = "then";
}
else {
const _errs16 = errors;
const _errs17 = errors;
let valid6 = true;
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("button" !== data.type){
const err10 = {};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
var _valid2 = _errs18 === errors;
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
let ifClause2;
if(_valid2){
const _errs20 = errors;
if(!(validate166(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate166.errors : vErrors.concat(validate166.errors);
errors = vErrors.length;
}
var _valid2 = _errs20 === errors;
valid6 = _valid2;
if(valid6){
var props2 = true;
}
ifClause2 = "then";
}
else {
const _errs21 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err11 = {instancePath,schemaPath:"#/$defs/webhookTrigger/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key1 in data){
if(!(((key1 === "type") || (key1 === "token")) || (key1 === "secret"))){
const err12 = {instancePath,schemaPath:"#/$defs/webhookTrigger/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.type !== undefined){
if("webhook" !== data.type){
const err13 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/webhookTrigger/properties/type/const",keyword:"const",params:{allowedValue: "webhook"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.token !== undefined){
let data6 = data.token;
if(typeof data6 === "string"){
if(!pattern32.test(data6)){
const err14 = {instancePath:instancePath+"/token",schemaPath:"#/$defs/webhookTrigger/properties/token/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/token",schemaPath:"#/$defs/webhookTrigger/properties/token/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.secret !== undefined){
let data7 = data.secret;
if(typeof data7 === "string"){
if(func2(data7) > 200){
const err16 = {instancePath:instancePath+"/secret",schemaPath:"#/$defs/webhookTrigger/properties/secret/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func2(data7) < 16){
const err17 = {instancePath:instancePath+"/secret",schemaPath:"#/$defs/webhookTrigger/properties/secret/minLength",keyword:"minLength",params:{limit: 16},message:"must NOT have fewer than 16 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/secret",schemaPath:"#/$defs/webhookTrigger/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/$defs/webhookTrigger/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid2 = _errs21 === errors;
valid6 = _valid2;
if(valid6){
if(props2 !== true){
props2 = true;
}
}
ifClause2 = "else";
}
if(!valid6){
const err20 = {instancePath,schemaPath:"#/else/else/if",keyword:"if",params:{failingKeyword: ifClause2},message:"must match \""+ifClause2+"\" schema"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid1 = _errs16 === errors;
valid2 = _valid1;
if(valid2){
if(props1 !== true && props2 !== undefined){
if(props2 === true){
props1 = true;
}
else {
props1 = props1 || {};
Object.assign(props1, props2);
}
}
}
ifClause1 = "else";
}
if(!valid2){
const err21 = {instancePath,schemaPath:"#/else/if",keyword:"if",params:{failingKeyword: ifClause1},message:"must match \""+ifClause1+"\" schema"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid0 = _errs5 === errors;
valid0 = _valid0;
if(valid0){
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
}
ifClause0 = "else";
}
if(!valid0){
const err22 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err23 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
}
if(data.type !== undefined){
let data8 = data.type;
if(!((((data8 === "record") || (data8 === "schedule")) || (data8 === "button")) || (data8 === "webhook"))){
const err24 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema189.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
validate163.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate163.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate172(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate172.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "public") || (key0 === "groups")) || (key0 === "self")) || (key0 === "grants"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.public !== undefined){
if(typeof data.public !== "boolean"){
const err1 = {instancePath:instancePath+"/public",schemaPath:"#/properties/public/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.groups !== undefined){
let data1 = data.groups;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err2 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/groups/" + i0,schemaPath:"#/properties/groups/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/groups",schemaPath:"#/properties/groups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.self !== undefined){
if(typeof data.self !== "boolean"){
const err5 = {instancePath:instancePath+"/self",schemaPath:"#/properties/self/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.grants !== undefined){
let data4 = data.grants;
if(Array.isArray(data4)){
if(data4.length > 100){
const err6 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate128(data4[i1], {instancePath:instancePath+"/grants/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate128.errors : vErrors.concat(validate128.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/grants",schemaPath:"#/properties/grants/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate172.errors = vErrors;
return errors === 0;
}
validate172.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate162(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://tessera.dev/schemas/automation.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate162.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.trigger === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "trigger"},message:"must have required property '"+"trigger"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.steps === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "steps"},message:"must have required property '"+"steps"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema186.properties, key0))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern32.test(data0)){
const err4 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{32}$"},message:"must match pattern \""+"^[0-9a-f]{32}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/id",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(!pattern11.test(data1)){
const err6 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.title !== undefined){
let data2 = data.title;
if(typeof data2 === "string"){
if(func2(data2) > 200){
const err8 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.description !== undefined){
let data3 = data.description;
if(typeof data3 === "string"){
if(func2(data3) > 2000){
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.enabled !== undefined){
if(typeof data.enabled !== "boolean"){
const err12 = {instancePath:instancePath+"/enabled",schemaPath:"#/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.trigger !== undefined){
if(!(validate163(data.trigger, {instancePath:instancePath+"/trigger",parentData:data,parentDataProperty:"trigger",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate163.errors : vErrors.concat(validate163.errors);
errors = vErrors.length;
}
}
if(data.condition !== undefined){
if(!(validate25(data.condition, {instancePath:instancePath+"/condition",parentData:data,parentDataProperty:"condition",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.beforeCondition !== undefined){
if(!(validate25(data.beforeCondition, {instancePath:instancePath+"/beforeCondition",parentData:data,parentDataProperty:"beforeCondition",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.runAs !== undefined){
let data8 = data.runAs;
if(typeof data8 === "string"){
if(func2(data8) > 200){
const err13 = {instancePath:instancePath+"/runAs",schemaPath:"#/properties/runAs/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(func2(data8) < 1){
const err14 = {instancePath:instancePath+"/runAs",schemaPath:"#/properties/runAs/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/runAs",schemaPath:"#/properties/runAs/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.steps !== undefined){
let data9 = data.steps;
if(Array.isArray(data9)){
if(data9.length > 50){
const err16 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
if(!(validate108(data9[i0], {instancePath:instancePath+"/steps/" + i0,parentData:data9,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate108.errors : vErrors.concat(validate108.errors);
errors = vErrors.length;
}
}
}
else {
const err17 = {instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.limits !== undefined){
let data11 = data.limits;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key1 in data11){
if(!((((key1 === "maxDepth") || (key1 === "maxSteps")) || (key1 === "timeoutMs")) || (key1 === "retries"))){
const err18 = {instancePath:instancePath+"/limits",schemaPath:"#/properties/limits/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data11.maxDepth !== undefined){
let data12 = data11.maxDepth;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err19 = {instancePath:instancePath+"/limits/maxDepth",schemaPath:"#/properties/limits/properties/maxDepth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 10 || isNaN(data12)){
const err20 = {instancePath:instancePath+"/limits/maxDepth",schemaPath:"#/properties/limits/properties/maxDepth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data12 < 1 || isNaN(data12)){
const err21 = {instancePath:instancePath+"/limits/maxDepth",schemaPath:"#/properties/limits/properties/maxDepth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data11.maxSteps !== undefined){
let data13 = data11.maxSteps;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err22 = {instancePath:instancePath+"/limits/maxSteps",schemaPath:"#/properties/limits/properties/maxSteps/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 > 10000 || isNaN(data13)){
const err23 = {instancePath:instancePath+"/limits/maxSteps",schemaPath:"#/properties/limits/properties/maxSteps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data13 < 1 || isNaN(data13)){
const err24 = {instancePath:instancePath+"/limits/maxSteps",schemaPath:"#/properties/limits/properties/maxSteps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data11.timeoutMs !== undefined){
let data14 = data11.timeoutMs;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err25 = {instancePath:instancePath+"/limits/timeoutMs",schemaPath:"#/properties/limits/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 600000 || isNaN(data14)){
const err26 = {instancePath:instancePath+"/limits/timeoutMs",schemaPath:"#/properties/limits/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600000},message:"must be <= 600000"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data14 < 100 || isNaN(data14)){
const err27 = {instancePath:instancePath+"/limits/timeoutMs",schemaPath:"#/properties/limits/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data11.retries !== undefined){
let data15 = data11.retries;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err28 = {instancePath:instancePath+"/limits/retries",schemaPath:"#/properties/limits/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 10 || isNaN(data15)){
const err29 = {instancePath:instancePath+"/limits/retries",schemaPath:"#/properties/limits/properties/retries/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data15 < 0 || isNaN(data15)){
const err30 = {instancePath:instancePath+"/limits/retries",schemaPath:"#/properties/limits/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
}
else {
const err31 = {instancePath:instancePath+"/limits",schemaPath:"#/properties/limits/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.version !== undefined){
let data16 = data.version;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err32 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err33 = {instancePath:instancePath+"/version",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
if(data.access !== undefined){
if(!(validate172(data.access, {instancePath:instancePath+"/access",parentData:data,parentDataProperty:"access",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate172.errors : vErrors.concat(validate172.errors);
errors = vErrors.length;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate162.errors = vErrors;
return errors === 0;
}
validate162.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v48 = validate175;
const schema198 = {"title":"MenuItem","type":"object","properties":{"icon":{"type":"string","x-tessera":{"editor":"icon","label":"Icon","order":1}},"title":{"type":"string","x-tessera":{"label":"Title","order":0}},"description":{"type":"string","x-tessera":{"editor":"textarea","label":"Description","order":2}},"url":{"type":"string","x-tessera":{"editor":"url","label":"Url","order":3}}},"required":["title","url"],"additionalProperties":false};

function validate175(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate175.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "icon") || (key0 === "title")) || (key0 === "description")) || (key0 === "url"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.icon !== undefined){
if(typeof data.icon !== "string"){
const err3 = {instancePath:instancePath+"/icon",schemaPath:"#/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err4 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err5 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err6 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate175.errors = vErrors;
return errors === 0;
}
validate175.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v49 = validate176;
const schema199 = {"title":"GridField","type":"object","properties":{"name":{"type":"string","x-tessera":{"editor":"field","label":"Field","order":0}},"label":{"type":"string","x-tessera":{"label":"Label","order":1}},"type":{"type":"string","enum":["Text","Number","Date","Image","Reference"],"x-tessera":{"label":"Type","order":2}},"hide":{"type":"boolean","x-tessera":{"label":"Hidden","order":4}},"shows":{"type":"string","maxLength":129,"pattern":"^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$","description":"What a Reference column shows of the record its field refers to: empty for that record's display, or a field of it ('city'), or a field one reference further ('region.name').","x-tessera":{"editor":"referencePath","label":"Shows","order":3,"placeholder":"the record's display","when":{"type":"Reference"}}}},"required":["name"],"additionalProperties":false};

function validate176(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate176.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "name") || (key0 === "label")) || (key0 === "type")) || (key0 === "hide")) || (key0 === "shows"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err3 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
let data2 = data.type;
if(typeof data2 !== "string"){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(((((data2 === "Text") || (data2 === "Number")) || (data2 === "Date")) || (data2 === "Image")) || (data2 === "Reference"))){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema199.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.hide !== undefined){
if(typeof data.hide !== "boolean"){
const err6 = {instancePath:instancePath+"/hide",schemaPath:"#/properties/hide/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.shows !== undefined){
let data4 = data.shows;
if(typeof data4 === "string"){
if(func2(data4) > 129){
const err7 = {instancePath:instancePath+"/shows",schemaPath:"#/properties/shows/maxLength",keyword:"maxLength",params:{limit: 129},message:"must NOT have more than 129 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern40.test(data4)){
const err8 = {instancePath:instancePath+"/shows",schemaPath:"#/properties/shows/pattern",keyword:"pattern",params:{pattern: "^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$"},message:"must match pattern \""+"^([A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63})?)?$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/shows",schemaPath:"#/properties/shows/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate176.errors = vErrors;
return errors === 0;
}
validate176.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v50 = validate177;
const schema200 = {"title":"ModelField","type":"object","properties":{"name":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,63}$","not":{"enum":["id","_version","_labels","_created_by","_created_at","_updated_by","_updated_at","__proto__","constructor","prototype","hasOwnProperty","isPrototypeOf","propertyIsEnumerable","toString","toLocaleString","valueOf","__defineGetter__","__defineSetter__","__lookupGetter__","__lookupSetter__"]},"description":"A column name; neither id, nor _version (the row version every table has), nor _labels (the names of a grid row's references), nor _created_by, _created_at, _updated_by or _updated_at (who made and last changed each record, and when: kept by the server), nor a name Object.prototype already has (records are plain objects).","x-tessera":{"label":"Name","order":0}},"type":{"type":"string","enum":["text","number","boolean","date","datetime","json","password","reference","link"],"x-tessera":{"label":"Type","order":2,"options":{"text":"Text","number":"Number","boolean":"Yes or no","date":"Date","datetime":"Date and time","json":"JSON","password":"Password","reference":"Reference: one record of another model","link":"Link: many records of another model"}}},"label":{"type":"string","x-tessera":{"label":"Label","order":1}},"required":{"type":"boolean","x-tessera":{"label":"Required","order":3}},"unique":{"type":"boolean","x-tessera":{"label":"Unique","order":4}},"default":{"description":"Any JSON value.","anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"},{"type":"object"},{"type":"array"},{"type":"null"}],"x-tessera":{"editor":"fieldDefault","label":"Default","order":5,"when":{"type":["text","number","boolean","date","datetime","json"]}}},"target":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","description":"The model referred to (reference and link).","x-tessera":{"editor":"model","label":"Target model","order":6,"when":{"type":["reference","link"]}}},"through":{"$ref":"https://tessera.dev/schemas/common.json#/$defs/modelName","description":"For link: the link model holding <source> and <target> reference fields.","x-tessera":{"editor":"model","label":"Through model","order":7,"when":{"type":"link"},"advanced":true}}},"required":["name","type"],"allOf":[{"if":{"type":"object","properties":{"type":{"enum":["reference","link"]}},"required":["type"]},"then":{"properties":{"target":true},"required":["target"]}},{"if":{"type":"object","properties":{"type":{"const":"link"}},"required":["type"]},"then":{"properties":{"through":true},"required":["through"]}}],"additionalProperties":false};

function validate177(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate177.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(errors === _errs3){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.type === undefined) && (missing0 = "type")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.type !== undefined){
let data0 = data.type;
if(!((data0 === "reference") || (data0 === "link"))){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
else {
const err2 = {};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.target === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.target = true;
props0.type = true;
}
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs8 = errors;
let valid3 = true;
const _errs9 = errors;
if(errors === _errs9){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.type === undefined) && (missing1 = "type")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.type !== undefined){
if("link" !== data.type){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
else {
const err7 = {};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid1 = _errs9 === errors;
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.through === undefined){
const err8 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "through"},message:"must have required property '"+"through"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var _valid1 = _errs12 === errors;
valid3 = _valid1;
if(valid3){
var props1 = {};
props1.through = true;
props1.type = true;
}
}
if(!valid3){
const err9 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.type === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "name") || (key0 === "type")) || (key0 === "label")) || (key0 === "required")) || (key0 === "unique")) || (key0 === "default")) || (key0 === "target")) || (key0 === "through"))){
const err12 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
const _errs16 = errors;
const _errs17 = errors;
if(!((((((((((((((((((((data2 === "id") || (data2 === "_version")) || (data2 === "_labels")) || (data2 === "_created_by")) || (data2 === "_created_at")) || (data2 === "_updated_by")) || (data2 === "_updated_at")) || (data2 === "__proto__")) || (data2 === "constructor")) || (data2 === "prototype")) || (data2 === "hasOwnProperty")) || (data2 === "isPrototypeOf")) || (data2 === "propertyIsEnumerable")) || (data2 === "toString")) || (data2 === "toLocaleString")) || (data2 === "valueOf")) || (data2 === "__defineGetter__")) || (data2 === "__defineSetter__")) || (data2 === "__lookupGetter__")) || (data2 === "__lookupSetter__"))){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid6 = _errs17 === errors;
if(valid6){
const err14 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/not",keyword:"not",params:{},message:"must NOT be valid"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
}
if(typeof data2 === "string"){
if(!pattern12.test(data2)){
const err15 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.type !== undefined){
let data3 = data.type;
if(typeof data3 !== "string"){
const err17 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!(((((((((data3 === "text") || (data3 === "number")) || (data3 === "boolean")) || (data3 === "date")) || (data3 === "datetime")) || (data3 === "json")) || (data3 === "password")) || (data3 === "reference")) || (data3 === "link"))){
const err18 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema200.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err19 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err20 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.unique !== undefined){
if(typeof data.unique !== "boolean"){
const err21 = {instancePath:instancePath+"/unique",schemaPath:"#/properties/unique/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.default !== undefined){
let data7 = data.default;
const _errs32 = errors;
let valid7 = false;
const _errs33 = errors;
if(typeof data7 !== "string"){
const err22 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid2 = _errs33 === errors;
valid7 = valid7 || _valid2;
const _errs35 = errors;
if(!((typeof data7 == "number") && (isFinite(data7)))){
const err23 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid2 = _errs35 === errors;
valid7 = valid7 || _valid2;
const _errs37 = errors;
if(typeof data7 !== "boolean"){
const err24 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/2/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid2 = _errs37 === errors;
valid7 = valid7 || _valid2;
const _errs39 = errors;
if(!(data7 && typeof data7 == "object" && !Array.isArray(data7))){
const err25 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid2 = _errs39 === errors;
valid7 = valid7 || _valid2;
const _errs41 = errors;
if(!(Array.isArray(data7))){
const err26 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/4/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid2 = _errs41 === errors;
valid7 = valid7 || _valid2;
const _errs43 = errors;
if(data7 !== null){
const err27 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf/5/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid2 = _errs43 === errors;
valid7 = valid7 || _valid2;
if(!valid7){
const err28 = {instancePath:instancePath+"/default",schemaPath:"#/properties/default/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
}
if(data.target !== undefined){
let data8 = data.target;
if(typeof data8 === "string"){
if(!pattern16.test(data8)){
const err29 = {instancePath:instancePath+"/target",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/target",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.through !== undefined){
let data9 = data.through;
if(typeof data9 === "string"){
if(!pattern16.test(data9)){
const err31 = {instancePath:instancePath+"/through",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9_]{0,63}$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9_]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/through",schemaPath:"https://tessera.dev/schemas/common.json#/$defs/modelName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate177.errors = vErrors;
return errors === 0;
}
validate177.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v51 = validate178;

function validate178(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate178.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fieldname === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "fieldname") || (key0 === "value"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.fieldname !== undefined){
if(typeof data.fieldname !== "string"){
const err2 = {instancePath:instancePath+"/fieldname",schemaPath:"#/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.value !== undefined){
if(typeof data.value !== "string"){
const err3 = {instancePath:instancePath+"/value",schemaPath:"#/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate178.errors = vErrors;
return errors === 0;
}
validate178.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v52 = validate179;

function validate179(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate179.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fieldname === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fieldname"},message:"must have required property '"+"fieldname"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.sorttype === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sorttype"},message:"must have required property '"+"sorttype"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "fieldname") || (key0 === "sorttype"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.fieldname !== undefined){
if(typeof data.fieldname !== "string"){
const err3 = {instancePath:instancePath+"/fieldname",schemaPath:"#/properties/fieldname/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.sorttype !== undefined){
let data1 = data.sorttype;
if(typeof data1 !== "string"){
const err4 = {instancePath:instancePath+"/sorttype",schemaPath:"#/properties/sorttype/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!((data1 === "ASC") || (data1 === "DESC"))){
const err5 = {instancePath:instancePath+"/sorttype",schemaPath:"#/properties/sorttype/enum",keyword:"enum",params:{allowedValues: schema157.properties.sorttype.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate179.errors = vErrors;
return errors === 0;
}
validate179.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


/** Every schema's precompiled validator, keyed by its `$id`. */
export const validatorsById: Readonly<Record<string, ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }>> = {
  'https://tessera.dev/schemas/common.json': v0,
  'https://tessera.dev/schemas/filter.json': v1,
  'https://tessera.dev/schemas/action.json': v2,
  'https://tessera.dev/schemas/row-action.json': v3,
  'https://tessera.dev/schemas/row.json': v4,
  'https://tessera.dev/schemas/tab.json': v5,
  'https://tessera.dev/schemas/column.json': v6,
  'https://tessera.dev/schemas/plugins/button.json': v7,
  'https://tessera.dev/schemas/plugins/card.json': v8,
  'https://tessera.dev/schemas/plugins/checkbox.json': v9,
  'https://tessera.dev/schemas/plugins/code-editor.json': v10,
  'https://tessera.dev/schemas/plugins/dual-list.json': v11,
  'https://tessera.dev/schemas/plugins/editor.json': v12,
  'https://tessera.dev/schemas/plugins/form-designer.json': v13,
  'https://tessera.dev/schemas/plugins/grid.json': v14,
  'https://tessera.dev/schemas/plugins/grid-designer.json': v15,
  'https://tessera.dev/schemas/plugins/hidden.json': v16,
  'https://tessera.dev/schemas/plugins/html.json': v17,
  'https://tessera.dev/schemas/plugins/input.json': v18,
  'https://tessera.dev/schemas/plugins/menu-designer.json': v19,
  'https://tessera.dev/schemas/plugins/model-designer.json': v20,
  'https://tessera.dev/schemas/plugins/none.json': v21,
  'https://tessera.dev/schemas/plugins/page-designer.json': v22,
  'https://tessera.dev/schemas/plugins/rating.json': v23,
  'https://tessera.dev/schemas/plugins/reference.json': v24,
  'https://tessera.dev/schemas/plugins/rows.json': v25,
  'https://tessera.dev/schemas/plugins/select.json': v26,
  'https://tessera.dev/schemas/plugins/tabs.json': v27,
  'https://tessera.dev/schemas/plugins/text.json': v28,
  'https://tessera.dev/schemas/plugins/text-area.json': v29,
  'https://tessera.dev/schemas/plugins/work-flow.json': v30,
  'https://tessera.dev/schemas/step.json': v31,
  'https://tessera.dev/schemas/steps/call-webhook.json': v32,
  'https://tessera.dev/schemas/steps/condition.json': v33,
  'https://tessera.dev/schemas/steps/create-record.json': v34,
  'https://tessera.dev/schemas/steps/delete-record.json': v35,
  'https://tessera.dev/schemas/steps/loop.json': v36,
  'https://tessera.dev/schemas/steps/refuse.json': v37,
  'https://tessera.dev/schemas/steps/send-mail.json': v38,
  'https://tessera.dev/schemas/steps/set-fields.json': v39,
  'https://tessera.dev/schemas/steps/update-record.json': v40,
  'https://tessera.dev/schemas/form.json': v41,
  'https://tessera.dev/schemas/grid.json': v42,
  'https://tessera.dev/schemas/page.json': v43,
  'https://tessera.dev/schemas/menu.json': v44,
  'https://tessera.dev/schemas/select.json': v45,
  'https://tessera.dev/schemas/model.json': v46,
  'https://tessera.dev/schemas/automation.json': v47,
  'https://tessera.dev/schemas/menu.json#/properties/definition/items': v48,
  'https://tessera.dev/schemas/grid.json#/properties/definition/items': v49,
  'https://tessera.dev/schemas/model.json#/properties/fields/items': v50,
  'https://tessera.dev/schemas/common.json#/$defs/filter': v51,
  'https://tessera.dev/schemas/common.json#/$defs/sort': v52,
};
